import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { ContactsApiError, createContactsClient, isContactsApiError, isTimeout } from './node';

const PASSWORD = 'kith-harbour-42';
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

let server: TestServer;
let baseUrl: string;
let outbox: TestServer['outbox'];
let clockOffsetMs = 0;

const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  server = await startTestServer('client-test-secret-of-at-least-32-chars', now);
  baseUrl = server.baseUrl;
  outbox = server.outbox;
});

afterAll(async () => {
  await server.close();
});

let people = 0;

/** Signs a new person up and verifies them with the client; returns the client. */
async function signedInClient(fetchImpl?: typeof fetch) {
  people += 1;
  const email = `sdk-${people}-${Date.now()}@example.com`;
  const client = createContactsClient({ baseUrl, fetch: fetchImpl });
  await client.auth.signup.mutate({ name: 'Grace Hopper', email, password: PASSWORD });
  const code = /\b(\d{6})\b/.exec(outbox.findLast((m) => m.to === email)?.subject ?? '')?.[1];
  await client.auth.verify.mutate({ email, otp: code ?? '' });
  return { client, email };
}

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

  it('gives a call up after timeoutMs with code TIMEOUT and "Request aborted"', async () => {
    const client = createContactsClient({
      baseUrl,
      timeoutMs: 200,
      // A server that never answers: the request waits until it is aborted.
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    });
    const started = Date.now();
    const failure = await client.health.check.query().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'TIMEOUT', status: 0 });
    expect(isTimeout(failure)).toBe(true);
    expect((failure as Error).message).toBe('Request aborted');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('keeps the session cookies itself in Node, so sign-in then list just works', async () => {
    const { client } = await signedInClient();
    const created = await client.contacts.create.mutate({
      givenName: 'Ada',
      familyName: 'Lovelace',
      phones: [{ value: '+44 20 7946 0000', type: '' }],
    });
    const page = await client.contacts.list.query();
    expect(page.items.map((c) => c.id)).toEqual([created.id]);
    expect(created.createdAt).toBeInstanceOf(Date);
  });

  it('keeps each client’s session apart', async () => {
    const { client } = await signedInClient();
    await client.contacts.create.mutate({
      givenName: 'Ada',
      familyName: 'L',
      phones: [{ value: '1', type: '' }],
    });
    const stranger = createContactsClient({ baseUrl });
    await expect(stranger.contacts.list.query()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
  });

  it('refreshes an expired session once and retries the call', async () => {
    const calls: string[] = [];
    const { client } = await signedInClient(async (input, init) => {
      const path = new URL(String(input)).pathname.replace('/api/trpc/', '');
      const response = await fetch(input, init);
      calls.push(`${path} ${response.status}`);
      return response;
    });
    calls.length = 0;
    clockOffsetMs += FIFTEEN_MINUTES_MS + 1000; // the 15-minute access token has expired
    const list = await client.contacts.list.query();
    expect(list.items).toEqual([]);
    // A second call uses the refreshed token without another refresh.
    await client.contacts.list.query();
    expect(calls).toEqual([
      'contacts.list 403',
      'auth.refresh 200',
      'contacts.list 200',
      'contacts.list 200',
    ]);
  });

  it('throws ContactsApiError with the server’s message, status and field errors', async () => {
    const { client } = await signedInClient();
    const error = await client.contacts.create
      .mutate({ givenName: '', familyName: 'Lovelace', phones: [] })
      .catch((e: unknown) => e);
    expect(isContactsApiError(error)).toBe(true);
    const apiError = error as ContactsApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('BAD_REQUEST');
    expect(apiError.fieldErrors.givenName).toEqual(['First name is required']);
    expect(apiError.fieldErrors.phones?.length).toBeGreaterThan(0);
  });

  it('carries the server’s message for a refused sign-in', async () => {
    const client = createContactsClient({ baseUrl });
    const error: unknown = await client.auth.login
      .mutate({ email: 'nobody@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactsApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((error as ContactsApiError).message).toMatch(/email or password/i);
  });

  it('reports a server that cannot be reached with status 0', async () => {
    const client = createContactsClient({ baseUrl: 'http://127.0.0.1:9' });
    const error: unknown = await client.health.check.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactsApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
