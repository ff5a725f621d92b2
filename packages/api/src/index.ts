export { appRouter, createCaller } from './root';
export type { AppRouter } from './root';
export { createContextFactory } from './context';
export type { ApiDependencies, Context } from './context';
export * from './errors';
export { deriveAuthKeys } from './auth/keys';
export type { AuthKeys } from './auth/keys';
export { createMailer } from './mail/mailer';
export type { Mailer, MailMessage } from './mail/mailer';
export { cookieNames } from './auth/cookies';
export { createLocalImageStorage, createS3ImageStorage } from './images/storage';
export type { ImageStorage } from './images/storage';
export { runRetention, TRASH_RETENTION_MS, UNATTACHED_IMAGE_TTL_MS } from './jobs/retention';
export { checkHealth } from './routers/health.service';
export { restApiPlugin } from './rest/adapter';
export type { RestRoute, RestRequest } from './rest/adapter';
export { restRoutes } from './rest/routes';
export { mapErrorToResponse } from './rest/error-mapper';

import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root';

/** Input types of every procedure: `RouterInputs['contacts']['create']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Output types of every procedure. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
