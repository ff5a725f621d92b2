import type { Database, DatabaseKind } from '@kith/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthKeys } from './auth/keys';
import type { ImageStorage } from './images/storage';
import type { Mailer } from './mail/mailer';

/** What the server hands every procedure: long-lived dependencies, built once at start. */
export interface ApiDependencies {
  db: Database;
  dbKind: DatabaseKind;
  keys: AuthKeys;
  mailer: Mailer;
  /** Where uploaded images are kept. */
  images: ImageStorage;
  /** The clock; tests move it to expire codes, sessions and trash. */
  now: () => Date;
  /** Fetches an imported contact's photo address; `fetchPublicPhoto` unless a test swaps it. */
  fetchPhoto?: (address: string) => Promise<Uint8Array>;
}

/** The tRPC context: the dependencies plus the HTTP exchange the call arrived on. */
export interface Context extends ApiDependencies {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Builds the per-request context from the server's dependencies. */
export function createContextFactory(deps: ApiDependencies) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({
    ...deps,
    req,
    reply: res,
  });
}
