import { accountRouter } from './account/account.router';
import { appPasswordsRouter } from './app-passwords/app-passwords.router';
import { apiTokensRouter } from './api-tokens/api-tokens.router';
import { authRouter } from './auth/auth.router';
import { passkeySignInRouter, secondFactorRouter } from './auth/second-step.router';
import { securityRouter } from './second-factor/security.router';
import { contactsRouter } from './contacts/contacts.router';
import { mergeProcedures } from './merge/merge.router';
import { favoritesRouter } from './favorites/favorites.router';
import { imagesRouter } from './images/images.router';
import { importsRouter } from './imports/imports.router';
import { labelsRouter } from './labels/labels.router';
import { searchRouter } from './search/search.router';
import { trashRouter } from './trash/trash.router';
import { feedbackRouter } from './feedback/feedback.router';
import { healthRouter } from './health/health.router';
import { historyRouter } from './history/history.router';
import { recoverRouter } from './recover/recover.router';
import { keepInTouchRouter, remindersRouter } from './reminders/reminders.router';
import type { TRPCBuiltRouter, TRPCDecorateCreateRouterOptions } from '@trpc/server';
import { createCallerFactory, createTRPCRouter, type ApiErrorShape } from './trpc/init';

/**
 * Every procedure of the API, by domain (ARCHITECTURE.md, "Domains"). Kept apart from the built
 * router so the public type below names procedures only, never the server's context.
 */
const procedures = {
  health: healthRouter,
  auth: authRouter,
  secondFactor: secondFactorRouter,
  passkeys: passkeySignInRouter,
  security: securityRouter,
  account: accountRouter,
  appPasswords: appPasswordsRouter,
  apiTokens: apiTokensRouter,
  recover: recoverRouter,
  contacts: { ...contactsRouter, ...mergeProcedures },
  favorites: favoritesRouter,
  labels: labelsRouter,
  imports: importsRouter,
  trash: trashRouter,
  search: searchRouter,
  images: imagesRouter,
  feedback: feedbackRouter,
  reminders: remindersRouter,
  keepInTouch: keepInTouchRouter,
  history: historyRouter,
};

/** The API's tRPC router, served at `/api/trpc` and called in-process by the REST adapter. */
export const appRouter = createTRPCRouter(procedures);

/**
 * The router as clients see it: the procedures with their input and output types, the error
 * shape and the transformer. The server's context (database, request, keys) is left out, so
 * the SDK's bundled types carry no server library.
 */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: ApiErrorShape; transformer: true },
  TRPCDecorateCreateRouterOptions<typeof procedures>
>;

/** The router with its server context, for the server's own adapters. */
export type ServerAppRouter = typeof appRouter;

/** Calls procedures in-process, as the REST adapter and tests do. */
export const createCaller = createCallerFactory(appRouter);
