import type { Database, DatabaseKind } from '@kith/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthKeys } from '../credentials/keys';
import type { SessionLiveness } from '../credentials/session-liveness';
import type { ImageStorage } from '../storage/image-storage';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limits/rate-limiter';

/** What the server hands every procedure: long-lived dependencies, built once at start. */
export interface ApiDependencies {
  db: Database;
  dbKind: DatabaseKind;
  keys: AuthKeys;
  mailer: Mailer;
  /** Where uploaded images are kept. */
  images: ImageStorage;
  /**
   * The address people reach Kith at (PUBLIC_URL): cookies are `Secure` whenever it is
   * https, whatever a client claims in X-Forwarded-Proto.
   */
  publicUrl: string;
  /** The clock; tests move it to expire codes, sessions and trash. */
  now: () => Date;
  /**
   * Session families known live (PostgreSQL, invalidated by LISTEN/NOTIFY); absent on PGlite,
   * where every call asks the database.
   */
  sessionLiveness?: SessionLiveness | null;
  /** Fetches an imported contact's photo address; `fetchPublicPhoto` unless a test swaps it. */
  fetchPhoto?: (address: string) => Promise<Uint8Array>;
  /**
   * The background queue (`startJobQueue`), which imports are handed to (`imports.start`); set
   * once the queue has started. Without one, starting an import is refused as unavailable.
   */
  jobs?: JobSender;
}

/** Puts a job on a queue of the background queue (pg-boss), for any instance to run. */
export interface JobSender {
  send(queue: string, data: object): Promise<void>;
}

/** The tRPC context: the dependencies plus the HTTP exchange the call arrived on. */
export interface Context extends ApiDependencies {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Charges limited procedures to their client IP and account (`rateLimited` middleware). */
  rateLimiter: RateLimiter;
}

/** Builds the per-request context from the server's dependencies and its rate limiter. */
export function createContextFactory(deps: ApiDependencies, rateLimiter: RateLimiter) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({
    ...deps,
    rateLimiter,
    req,
    reply: res,
  });
}
