import type { Database, DatabaseKind } from '@kith/db';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the server hands every procedure: long-lived dependencies, built once at start. */
export interface ApiDependencies {
  db: Database;
  dbKind: DatabaseKind;
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
