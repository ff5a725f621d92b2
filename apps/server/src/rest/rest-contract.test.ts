/**
 * The REST contract: the legacy calls (docs/product/legacy-api.md#the-calls-it-makes, held
 * as data in legacy-rest-calls.ts) are all in the OpenAPI document, nothing else is but the
 * calls added since (the history's, answered by history/history-rest.test.ts, and the rest of
 * the app's, docs/rest-api.md, answered by rest-coverage.test.ts), and a live server
 * answers each of them, successes and failures, with a status the document lists and a body
 * its schema accepts.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fetchCookie from 'fetch-cookie';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDED_REST_CALLS, HISTORY_REST_CALLS, LEGACY_REST_CALLS } from './legacy-rest-calls';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { codeFrom } from '../test-support/test-client';
import { png } from '../test-support/test-images';
import { newEmail, TEST_PASSWORD } from '../test-support/test-users';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: Record<string, unknown>;
}
interface Response {
  content?: Record<string, { schema: object }>;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let baseUrl: string;
let document: OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('binary', true);

/** Every `METHOD /path status` the live server was seen to answer. */
const seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
  document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDocument;
});

afterAll(async () => {
  await t.close();
});

/** A REST client with its own cookie jar, like one browser. */
function newClient() {
  const fetchWithCookies = fetchCookie(fetch, new CookieJar());
  return async (
    method: Method,
    specPath: string,
    options: { id?: string; body?: unknown; form?: FormData; query?: string } = {},
  ) => {
    const path = specPath.replace('{id}', options.id ?? '');
    const url = `${baseUrl}${path}${options.query ? `?${options.query}` : ''}`;
    const response = await fetchWithCookies(url, {
      method,
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const body = (await response.json()) as { success: boolean; message: string; data: unknown };
    expectDocumented(method, specPath, response.status, body);
    return { status: response.status, body, data: body.data as Record<string, unknown> };
  };
}

/** The answer's status is listed for the operation, and its schema accepts the body. */
function expectDocumented(method: Method, path: string, status: number, body: unknown) {
  const operation = document.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is in the document`).toBeDefined();
  const response = operation!.responses[String(status)];
  expect(response, `${method} ${path} documents status ${status}`).toBeDefined();
  const schema = response!.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} ${status} has a JSON schema`).toBeDefined();
  const validate = ajv.compile({ ...schema, components: document.components });
  const valid = validate(body);
  expect(validate.errors ?? [], `${method} ${path} ${status}: ${JSON.stringify(body)}`).toEqual([]);
  expect(valid).toBe(true);
  seen.add(`${method} ${path} ${status}`);
}

function imageForm(field: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set(field, new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return form;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists exactly the legacy calls and those added since under /api/v1', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths)
      .filter(([, item]) => !('servers' in item))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(documented.sort()).toEqual(
      [...LEGACY_REST_CALLS, ...HISTORY_REST_CALLS, ...ADDED_REST_CALLS].sort(),
    );
  });

  it('lists the calendar feed and the unsubscribe link beside them, under /api', () => {
    const outside = Object.entries(document.paths)
      .filter(([, item]) => 'servers' in item)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => key !== 'servers')
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(outside.sort()).toEqual([
      'GET /calendar/{token}.ics',
      'GET /reminders/unsubscribe/{token}',
      'POST /reminders/unsubscribe/{token}',
    ]);
    const feed = document.paths['/calendar/{token}.ics'] as unknown as {
      servers: { url: string }[];
    };
    expect(feed.servers).toEqual([{ url: '/api' }]);
  });

  it('has a success and a 500 answer, in the envelope, for every call', () => {
    for (const call of LEGACY_REST_CALLS) {
      const [method, path] = call.split(' ') as [string, string];
      const responses = document.paths[path]![method.toLowerCase()]!.responses;
      const success = responses['200'] ?? responses['201'];
      expect(success, call).toBeDefined();
      expect(responses['500'], call).toBeDefined();
    }
  });

  it('is served as the docs page at /api/docs', async () => {
    const page = await fetch(baseUrl.replace('/v1', '/docs/'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const json = await (await fetch(baseUrl.replace('/v1', '/docs/json'))).json();
    expect(json).toEqual(document);
  });
});

describe('a live server answers every call as documented', () => {
  it('walks sign-up, contacts, favourites, trash, images, feedback and sign-out', async () => {
    const call = newClient();
    const email = newEmail('contract');

    // Sign-up and verification.
    expect((await call('POST', '/auth/signup', { body: { name: 'Ada', email } })).status).toBe(400);
    const signup = await call('POST', '/auth/signup', {
      body: { name: 'Ada Lovelace', email, password: TEST_PASSWORD },
    });
    expect(signup.status).toBe(201);
    expect((await call('POST', '/auth/resend', { body: { email } })).status).toBe(429);
    t.advanceClock(121_000);
    expect((await call('POST', '/auth/resend', { body: { email } })).status).toBe(200);
    const wrongCode = await call('POST', '/auth/verify', { body: { email, otp: '000000' } });
    expect(wrongCode.status).toBe(400);
    const verify = await call('POST', '/auth/verify', {
      body: { email, otp: codeFrom(t.outbox.at(-1)) },
    });
    expect(verify.status).toBe(200);
    const again = await call('POST', '/auth/signup', {
      body: { name: 'Ada', email, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect((await call('POST', '/auth/check')).status).toBe(200);
    expect((await call('POST', '/auth/refresh')).status).toBe(200);

    // Contacts.
    const invalid = await call('POST', '/contacts', { body: { firstName: '', lastName: 'X' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body as object)).toContain('errors');
    const created = await call('POST', '/contacts', {
      body: { firstName: 'Charles', lastName: 'Babbage', phone: '+44 20 7946 0001' },
    });
    expect(created.status).toBe(201);
    const id = String(created.data._id);
    const other = await call('POST', '/contacts', {
      body: { firstName: 'Mary', lastName: 'Somerville', phone: '0131 496 0002' },
    });
    const otherId = String(other.data._id);
    expect((await call('GET', '/contacts')).status).toBe(200);
    expect((await call('GET', '/contacts/{id}', { id })).status).toBe(200);
    expect((await call('GET', '/contacts/{id}', { id: 'not-an-id' })).status).toBe(400);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', '/contacts/{id}', { id: unknownId })).status).toBe(404);
    const patched = await call('PATCH', '/contacts/{id}', { id, body: { phone: '0161 496 0003' } });
    expect(patched.status).toBe(200);
    const photo = await png(64, 64);
    const put = await call('PUT', '/contacts/{id}', {
      id,
      form: imageForm('avatarImage', photo, { name: 'Charles Babbage', phone: '0161 496 0004' }),
    });
    expect(put.status).toBe(200);
    const tooLarge = await call('PUT', '/contacts/{id}', {
      id,
      form: imageForm('avatarImage', new Uint8Array(5 * 1024 * 1024 + 1)),
    });
    expect(tooLarge.status).toBe(413);

    // Favourites and search.
    const favourite = await call('PATCH', '/favorites/{id}', { id, body: { isFavorite: true } });
    expect(favourite.status).toBe(200);
    expect((await call('GET', '/favorites')).status).toBe(200);
    expect((await call('GET', '/search', { query: 'query=babb' })).status).toBe(200);

    // Images and feedback.
    const upload = await call('POST', '/image', { form: imageForm('image', photo) });
    expect(upload.status).toBe(201);
    const notAnImage = await call('POST', '/image', {
      form: imageForm('image', new TextEncoder().encode('<svg onload="alert(1)"/>')),
    });
    expect(notAnImage.status).toBe(400);
    const publicId = String((upload.data.image as { publicId: string }).publicId);
    expect((await call('DELETE', '/image/{id}', { id: publicId })).status).toBe(200);
    expect((await call('DELETE', '/image/{id}', { id: publicId })).status).toBe(404);
    expect((await call('POST', '/feedback', { body: { message: 'Lovely' } })).status).toBe(201);
    const tooLong = { message: 'x'.repeat(5001) };
    expect((await call('POST', '/feedback', { body: tooLong })).status).toBe(400);

    // Trash: one and many, recover, delete forever, empty.
    expect((await call('PATCH', '/trash/{id}', { id })).status).toBe(200);
    expect((await call('PATCH', '/trash', { body: { contactIds: [otherId] } })).status).toBe(200);
    expect((await call('PATCH', '/trash', { body: { contactIds: [] } })).status).toBe(400);
    expect((await call('GET', '/trash')).status).toBe(200);
    expect((await call('PATCH', '/contacts/recover/{id}', { id })).status).toBe(200);
    const recoverMany = await call('PATCH', '/contacts/recover', {
      body: { contactIds: [otherId] },
    });
    expect(recoverMany.status).toBe(200);
    await call('PATCH', '/trash', { body: { contactIds: [id, otherId] } });
    expect((await call('DELETE', '/contacts/delete/{id}', { id })).status).toBe(200);
    const deleteMany = await call('DELETE', '/contacts/delete', {
      body: { contactIds: [otherId] },
    });
    expect(deleteMany.status).toBe(200);
    expect((await call('DELETE', '/contacts/empty')).status).toBe(200);

    // Sign out: the session is gone, so protected calls answer 403
    // (docs/product/legacy-api.md#auth-retry).
    expect((await call('POST', '/auth/logout')).status).toBe(200);
    expect((await call('GET', '/contacts')).status).toBe(403);
    expect((await call('POST', '/auth/check')).status).toBe(403);
    expect((await call('POST', '/auth/refresh')).status).toBe(401);
    const wrong = await call('POST', '/auth/login', { body: { email, password: 'not-it-at-all' } });
    expect(wrong.status).toBe(401);
    expect(
      (await call('POST', '/auth/login', { body: { email, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });

  it('walks account recovery step by step, guards included', async () => {
    const call = newClient();
    const email = newEmail('recovery');
    const signup = newClient();
    await signup('POST', '/auth/signup', {
      body: { name: 'Mary Somerville', email, password: TEST_PASSWORD },
    });
    await signup('POST', '/auth/verify', { body: { email, otp: codeFrom(t.outbox.at(-1)) } });

    expect((await call('POST', '/auth/recover/check/stp1')).status).toBe(400);
    const unknown = await call('POST', '/auth/recover/find', { body: { email: newEmail() } });
    expect(unknown.status).toBe(404);
    expect((await call('POST', '/auth/recover/find', { body: { email } })).status).toBe(200);
    expect((await call('POST', '/auth/recover/check/stp1')).status).toBe(200);
    expect((await call('POST', '/auth/recover/check/stp2')).status).toBe(400);
    expect((await call('POST', '/auth/recover/sent-otp')).status).toBe(200);
    expect((await call('POST', '/auth/recover/check/stp2')).status).toBe(200);
    expect((await call('POST', '/auth/recover/resent')).status).toBe(429);
    t.advanceClock(121_000);
    expect((await call('POST', '/auth/recover/resent')).status).toBe(200);
    expect((await call('POST', '/auth/recover/check/stp3')).status).toBe(400);
    expect((await call('POST', '/auth/recover/verify', { body: { otp: '12' } })).status).toBe(400);
    const verified = await call('POST', '/auth/recover/verify', {
      body: { otp: codeFrom(t.outbox.at(-1)) },
    });
    expect(verified.status).toBe(200);
    expect((await call('POST', '/auth/recover/check/stp3')).status).toBe(200);
    expect((await call('PATCH', '/auth/recover/reset', { body: { password: '1' } })).status).toBe(
      400,
    );
    const reset = await call('PATCH', '/auth/recover/reset', {
      body: { password: 'a-new-harbour-77' },
    });
    expect(reset.status).toBe(200);
  });

  it('answered every legacy call on the live server', () => {
    const answered = new Set([...seen].map((entry) => entry.split(' ').slice(0, 2).join(' ')));
    expect(LEGACY_REST_CALLS.filter((call) => !answered.has(call))).toEqual([]);
  });
});

describe('rate limits', () => {
  it('answers 429 in the envelope, as documented, after too many sign-in attempts', async () => {
    const limited = await createTestApp({
      rateLimits: { perIp: 100, perAccount: 2, windowMs: 60_000 },
    });
    try {
      const url = `${await limited.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1/auth/login`;
      const body = JSON.stringify({ email: 'someone@example.com', password: 'wrong-password' });
      const statuses: number[] = [];
      let last: unknown;
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        statuses.push(res.status);
        last = await res.json();
      }
      expect(statuses).toEqual([401, 401, 429]);
      expectDocumented('POST', '/auth/login', 429, last);
    } finally {
      await limited.close();
    }
  });
});
