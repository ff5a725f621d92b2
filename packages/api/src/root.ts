import { authRouter } from './routers/auth.router';
import { contactsRouter } from './routers/contacts.router';
import { favoritesRouter } from './routers/favorites.router';
import { imageRouter } from './routers/image.router';
import { searchRouter } from './routers/search.router';
import { trashRouter } from './routers/trash.router';
import { feedbackRouter } from './routers/feedback.router';
import { healthRouter } from './routers/health.router';
import { recoverRouter } from './routers/recover.router';
import { createCallerFactory, createTRPCRouter } from './trpc';

/** Every tRPC router of the API, by domain (DESIGN.md "Shape"). */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  auth: authRouter,
  recover: recoverRouter,
  contacts: contactsRouter,
  favorites: favoritesRouter,
  trash: trashRouter,
  search: searchRouter,
  image: imageRouter,
  feedback: feedbackRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process, as the REST adapter and tests do. */
export const createCaller = createCallerFactory(appRouter);
