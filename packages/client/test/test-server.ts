import fastifyCookie from '@fastify/cookie';
import {
  appRouter,
  createContextFactory,
  createLocalImageStorage,
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  deriveAuthKeys,
  withPhotoLinks,
  type MailMessage,
} from '@kith/api';
import { createTestDb } from '@kith/db/testing';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';

/** A Kith API the SDK's tests call over HTTP, on a fresh test database. */
export interface TestServer {
  /** Where the SDK reaches it (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  /** Every message "sent", newest last. */
  outbox: MailMessage[];
  close(): Promise<void>;
}

/**
 * Serves the API's tRPC router at `/api/trpc` on a free port, with its mail kept in memory
 * and `now` as its clock (tests move it to expire sessions).
 */
export async function startTestServer(
  secret: string,
  now: () => Date = () => new Date(),
): Promise<TestServer> {
  const database = await createTestDb();
  const keys = deriveAuthKeys(secret);
  const outbox: MailMessage[] = [];
  const app = Fastify();
  await app.register(fastifyCookie);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(
        {
          db: database.db,
          dbKind: database.kind,
          publicUrl: 'http://localhost:3000',
          keys,
          mailer: { send: async (message) => void outbox.push(message) },
          images: withPhotoLinks(createLocalImageStorage('/nonexistent'), keys.photoLinks, now),
          now,
        },
        await createRateLimiter(DEFAULT_RATE_LIMITS),
      ),
    },
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    outbox,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
