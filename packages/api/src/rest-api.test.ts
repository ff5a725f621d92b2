import type { Database } from '@kith/db';
import { deriveAuthKeys } from './credentials/keys';
import { createLocalImageStorage } from './storage/image-storage';
import { withPhotoLinks } from './images/photo-links';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContextFactory } from './trpc/context';
import { NotFoundError, PayloadTooLargeError, ValidationError } from './shared/errors';
import type { RestRoute } from './rest/adapter';
import { restApiPlugin } from './rest-api';
import { createRateLimiter, DEFAULT_RATE_LIMITS } from './rate-limits/rate-limiter';

/** A test route's doc; each operation is named apart, as the document requires. */
const doc = (operationId: string): RestRoute['doc'] => ({
  operationId,
  summary: 'test route',
  tag: 'Contacts',
  signedIn: false,
  data: z.unknown(),
  errors: [],
});

const routes: RestRoute[] = [
  {
    method: 'GET',
    path: '/ok',
    doc: doc('ok'),
    handle: async () => ({ data: { _id: '1' }, message: 'Fetched' }),
  },
  {
    method: 'POST',
    path: '/echo',
    doc: doc('echo'),
    handle: async ({ body }) => ({
      data: z.object({ name: z.string().min(1, 'Name is required') }).parse(body),
    }),
  },
  {
    method: 'GET',
    path: '/missing/:id',
    doc: doc('missing'),
    handle: async ({ params }) => {
      throw new NotFoundError(`No contact ${params.id}`);
    },
  },
  {
    method: 'GET',
    path: '/invalid',
    doc: doc('invalid'),
    handle: async () => {
      throw new ValidationError('Invalid email', { email: ['Invalid email'] });
    },
  },
  {
    method: 'GET',
    path: '/large',
    doc: doc('large'),
    handle: async () => {
      throw new PayloadTooLargeError('Image size should be less than 5MB.');
    },
  },
  {
    method: 'GET',
    path: '/bug',
    doc: doc('bug'),
    handle: async () => {
      throw new Error('connection string postgres://secret@db leaked');
    },
  },
];

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  const createContext = createContextFactory(
    {
      db: {} as Database,
      dbKind: 'pglite',
      publicUrl: 'http://localhost:3000',
      keys: deriveAuthKeys('x'.repeat(32)),
      mailer: { send: async () => {} },
      images: withPhotoLinks(
        createLocalImageStorage('/nonexistent'),
        new Uint8Array(32),
        () => new Date(),
      ),
      now: () => new Date(),
    },
    await createRateLimiter(DEFAULT_RATE_LIMITS),
  );
  await app.register(restApiPlugin, { prefix: '/api/v1', routes, createContext });
});

afterAll(() => app.close());

describe('the REST envelope', () => {
  it('wraps a result as {success, message, data}', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Fetched', data: { _id: '1' } });
  });

  it('answers 400 naming the field when the input is invalid', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Name is required',
      data: null,
      errors: { name: ['Name is required'] },
    });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it.each([
    ['/api/v1/missing/42', 404, 'No contact 42'],
    ['/api/v1/invalid', 400, 'Invalid email'],
    ['/api/v1/large', 413, 'Image size should be less than 5MB.'],
  ])('maps a service error of %s to %i with its message', async (url, status, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('hides the text of an unexpected error behind a generic 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('Something went wrong'),
    });
  });
});
