import {
  appRouter,
  createContextFactory,
  createLocalImageStorage,
  deriveAuthKeys,
} from '@kith/api';
import { createDb, type DatabaseHandle } from '@kith/db';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactsClient } from './index';

let app: FastifyInstance;
let database: DatabaseHandle;
let baseUrl: string;

beforeAll(async () => {
  database = await createDb();
  app = Fastify();
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory({
        db: database.db,
        dbKind: database.kind,
        keys: deriveAuthKeys('client-test-secret-of-at-least-32-chars'),
        mailer: { send: async () => {} },
        images: createLocalImageStorage('/nonexistent'),
        now: () => new Date(),
      }),
    },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('createContactsClient', () => {
  it('calls a procedure over HTTP and returns its typed result', async () => {
    const client = createContactsClient({ baseUrl: `${baseUrl}/` });
    const health = await client.health.check.query();
    expect(health).toEqual({ status: 'ok', db: 'pglite' });
  });

  it('sends the headers it was given', async () => {
    const seen: string[] = [];
    const client = createContactsClient({
      baseUrl,
      headers: { 'x-app': 'address-sync' },
      fetch: async (input, init) => {
        seen.push(new Headers(init?.headers).get('x-app') ?? '');
        return fetch(input, init);
      },
    });
    await client.health.check.query();
    expect(seen).toEqual(['address-sync']);
  });
});
