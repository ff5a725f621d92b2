import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root';

/**
 * The types a client needs and nothing of the server: the SDK's bundled declarations start
 * here (`@kith/api/client-types`).
 */
export type { AppRouter } from './root';
export type { ApiErrorShape } from './trpc/init';

/** Input types of every procedure: `RouterInputs['contacts']['create']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Output types of every procedure. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
