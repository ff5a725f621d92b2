import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { ContactsApiError, createContactsClient, isTimeout, iterate, retryAfter } from './node';

const PASSWORD = 'kith-harbour-42';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('client-resilience-secret-of-32-chars!');
});

afterAll(async () => {
  await server.close();
});

/** A fetch that answers `status` (with `headers`) `times` times, then passes calls on. */
function busyThen(status: number, times: number, headers: Record<string, string> = {}) {
  const calls: { url: string; at: number }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), at: Date.now() });
    if (calls.length <= times) {
      return new Response('busy', {
        status,
        headers: { 'content-type': 'text/plain', ...headers },
      });
    }
    return fetch(input, init);
  };
  return { calls, fetchImpl };
}

describe('why a call got no answer', () => {
  it('says ABORTED for the caller’s AbortSignal, AbortSignal.timeout() included', async () => {
    const client = createContactsClient({
      baseUrl: server.baseUrl,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    });
    const controller = new AbortController();
    const pending = client.health.check.query(undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED', status: 0 });

    const timedOut = await client.health.check
      .query(undefined, { signal: AbortSignal.timeout(50) })
      .catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(ContactsApiError);
    expect(timedOut).toMatchObject({ code: 'ABORTED', status: 0 });
  });

  it('says TIMEOUT for the client’s own time limit and NETWORK_ERROR for a failed fetch', async () => {
    const silent = createContactsClient({
      baseUrl: server.baseUrl,
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    });
    const timedOut = await silent.health.check.query().catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ code: 'TIMEOUT', status: 0 });
    expect(isTimeout(timedOut)).toBe(true);

    const offline = createContactsClient({
      baseUrl: server.baseUrl,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(offline.health.check.query()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
  });
});

describe('retries on 429 and 503', () => {
  it('retries a query after the answer’s Retry-After, then answers', async () => {
    const { calls, fetchImpl } = busyThen(429, 1, { 'retry-after': '1' });
    const client = createContactsClient({ baseUrl: server.baseUrl, fetch: fetchImpl });
    await expect(client.health.check.query()).resolves.toEqual({ status: 'ok', db: 'pglite' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up after `retries`, with the status and retryAfterSeconds', async () => {
    const { calls, fetchImpl } = busyThen(503, 10, { 'retry-after': '0' });
    const client = createContactsClient({ baseUrl: server.baseUrl, fetch: fetchImpl, retries: 1 });
    const error = await client.health.check.query().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 0 });
    expect(calls).toHaveLength(2);
  });

  it('never sends a mutation twice, but for contacts.create with an idempotencyKey', async () => {
    const refused = busyThen(503, 10);
    const client = createContactsClient({ baseUrl: server.baseUrl, fetch: refused.fetchImpl });
    await expect(
      client.auth.login.mutate({ email: 'nobody@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({ status: 503 });
    expect(refused.calls).toHaveLength(1);

    const { client: signedIn, fetchState } = await signedInWithFlakyFetch();
    fetchState.busyFor = 1;
    const input = {
      givenName: 'Ada',
      familyName: 'Lovelace',
      phones: [{ value: '+44 20 7946 0000', type: 'cell' }],
    };
    await expect(signedIn.contacts.create.mutate(input)).rejects.toMatchObject({ status: 503 });
    fetchState.busyFor = 1;
    const created = await signedIn.contacts.create.mutate({
      ...input,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(created.givenName).toBe('Ada');
    expect(fetchState.refused).toBe(2);
  });
});

describe('iterate', () => {
  it('walks a whole list page by page with `for await`, and stops when the loop does', async () => {
    const { client } = await signedInWithFlakyFetch();
    for (let i = 0; i < 5; i += 1) {
      await client.contacts.create.mutate({
        givenName: `Person ${i}`,
        familyName: 'Paged',
        phones: [{ value: `+44 20 7946 000${i}`, type: 'cell' }],
      });
    }
    const names: string[] = [];
    for await (const contact of iterate(client.contacts.list, { limit: 2 })) {
      names.push(contact.givenName);
    }
    expect(names).toEqual(['Person 0', 'Person 1', 'Person 2', 'Person 3', 'Person 4']);

    const label = await client.labels.create.mutate({ name: 'Paged' });
    const { items } = await client.contacts.list.query({ limit: 3 });
    await client.labels.assign.mutate({ labelId: label.id, contactIds: items.map((c) => c.id) });
    const labelled: string[] = [];
    for await (const contact of iterate(client.labels.contacts, { labelId: label.id, limit: 1 })) {
      labelled.push(contact.givenName);
      if (labelled.length === 2) break;
    }
    expect(labelled).toEqual(['Person 0', 'Person 1']);
  });
});

/** A signed-in client whose fetch answers 503 `busyFor` times when told to. */
async function signedInWithFlakyFetch() {
  const fetchState = { busyFor: 0, refused: 0 };
  const client = createContactsClient({
    baseUrl: server.baseUrl,
    fetch: async (input, init) => {
      if (fetchState.busyFor > 0) {
        fetchState.busyFor -= 1;
        fetchState.refused += 1;
        return new Response('busy', { status: 503, headers: { 'retry-after': '0' } });
      }
      return fetch(input, init);
    },
  });
  const email = `resilience-${crypto.randomUUID()}@example.com`;
  await client.auth.signup.mutate({ name: 'Grace Hopper', email, password: PASSWORD });
  const code = /\b(\d{6})\b/.exec(
    server.outbox.findLast((m) => m.to === email)?.subject ?? '',
  )?.[1];
  await client.auth.verify.mutate({ email, otp: code ?? '' });
  return { client, fetchState };
}

describe('API tokens', () => {
  it('sends Authorization: Bearer and no cookies, keeps none, and never refreshes a session', async () => {
    const { client } = await signedInWithFlakyFetch();
    const { token } = await client.apiTokens.create.mutate({
      name: 'SDK test',
      scopes: ['contacts:read'],
      expiresInDays: 7,
    });
    const sent: { path: string; authorization: string | null; cookie: string | null }[] = [];
    const byToken = createContactsClient({
      baseUrl: server.baseUrl,
      token,
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        sent.push({
          path: new URL(String(input)).pathname,
          authorization: headers.get('authorization'),
          cookie: headers.get('cookie'),
        });
        return fetch(input, init);
      },
    });
    const page = await byToken.contacts.list.query();
    expect(page.items).toEqual([]);
    // A scope the token lacks: 403 with the reason, and no auth.refresh attempted.
    await expect(
      byToken.contacts.create.mutate({ givenName: 'Ada', familyName: 'Lovelace', phones: [] }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API token lacks the scope contacts:write.',
    });
    expect(sent.map((request) => request.path)).toEqual([
      '/api/trpc/contacts.list',
      '/api/trpc/contacts.create',
    ]);
    expect(sent.every((request) => request.authorization === `Bearer ${token}`)).toBe(true);
    expect(sent.every((request) => request.cookie === null)).toBe(true);

    const wrong = createContactsClient({
      baseUrl: server.baseUrl,
      token: `${token.slice(0, -2)}xx`,
    });
    await expect(wrong.contacts.list.query()).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });
});

describe('the browser entry', () => {
  it('has no cookie jar: asking for one says where it is', async () => {
    const browser = await import('./index');
    expect(() => browser.createContactsClient({ baseUrl: server.baseUrl, cookies: 'jar' })).toThrow(
      "cookies: 'jar' needs the Node entry",
    );
  });
});

describe('retryAfter (RFC 9110 §10.2.3)', () => {
  const answer = (value: string) => ({ headers: new Headers({ 'retry-after': value }) });
  it('reads seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(retryAfter(answer('120'), now)).toBe(120);
    expect(retryAfter(answer('Thu, 26 Nov 2026 12:00:30 GMT'), now)).toBe(30);
    expect(retryAfter(answer('Thu, 26 Nov 2026 11:00:00 GMT'), now)).toBe(0);
    expect(retryAfter(answer('soon'), now)).toBeNull();
    expect(retryAfter({ headers: new Headers() }, now)).toBeNull();
    expect(retryAfter(undefined, now)).toBeNull();
  });
});
