import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestClient, trpcData, type TestResponse } from '../test-support/test-client';
import { signedInClient, TEST_PASSWORD } from '../test-support/test-users';

// Personal API tokens (docs/api-tokens.md): a script signs in with `Authorization: Bearer`,
// limited to its scopes, never touching the person's sign-in, and never the account itself.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example.org' } });
});

afterAll(async () => {
  await t.close();
});

interface Created {
  token: string;
  apiToken: { id: string; name: string; prefix: string; scopes: string[]; expiresAt: Date | null };
}

async function createToken(
  client: TestClient,
  scopes: string[],
  expiresInDays: number | null = 30,
) {
  const res = await client.mutation('apiTokens.create', {
    name: 'Backup script',
    scopes,
    expiresInDays,
  });
  expect(res.status).toBe(200);
  return trpcData<Created>(res);
}

/** A client that sends only the token: no cookies, as a script does. */
function bearer(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    query: (path: string, input?: unknown) => {
      const search =
        input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
      return send({ method: 'GET', url: `/api/trpc/${path}${search}`, headers });
    },
    mutation: (path: string, input?: unknown) =>
      send({ method: 'POST', url: `/api/trpc/${path}`, headers, payload: { json: input ?? null } }),
    rest: (method: 'GET' | 'POST', path: string, payload?: unknown) =>
      send({
        method,
        url: `/api/v1${path}`,
        headers,
        payload: payload as InjectOptions['payload'],
      }),
  };
}

async function send(options: InjectOptions): Promise<TestResponse> {
  const res = await t.app.inject(options);
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body ? (JSON.parse(res.body) as TestResponse['body']) : {},
    setCookies: [],
  };
}

const messageOf = (res: TestResponse) =>
  (res.body as { error?: { json: { message: string } }; message?: string }).error?.json.message ??
  res.body.message;

describe('creating and listing', () => {
  it('shows the token once; the list names it by its first characters only', async () => {
    const { client } = await signedInClient(t);
    const created = await createToken(client, ['contacts:read']);
    expect(created.token).toMatch(/^kith_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken.prefix).toBe(created.token.slice(0, 9));
    const list = trpcData<Created['apiToken'][]>(await client.query('apiTokens.list'));
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.token);
    expect(list[0]).toMatchObject({ name: 'Backup script', scopes: ['contacts:read'] });
  });

  it('refuses an unknown scope and no scope with the reason', async () => {
    const { client } = await signedInClient(t);
    const none = await client.mutation('apiTokens.create', {
      name: 'x',
      scopes: [],
      expiresInDays: 7,
    });
    expect(none.status).toBe(400);
    const unknown = await client.mutation('apiTokens.create', {
      name: 'x',
      scopes: ['account:write'],
      expiresInDays: 7,
    });
    expect(unknown.status).toBe(400);
  });
});

describe('calling with a token', () => {
  it('reads and writes within its scopes, on tRPC and REST, with no cookie', async () => {
    const { client } = await signedInClient(t);
    const { token } = await createToken(client, ['contacts:write']);
    const api = bearer(token);
    const created = await api.mutation('contacts.create', {
      givenName: 'Ada',
      familyName: 'Byron',
      phones: [{ value: '+1 555 0100', type: '' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const list = await api.query('contacts.list', { limit: 10 });
    expect(list.status).toBe(200);
    expect(
      trpcData<{ items: { givenName: string }[] }>(list).items.map((c) => c.givenName),
    ).toEqual(['Ada']);
    const rest = await api.rest('GET', '/contacts');
    expect(rest.status).toBe(200);
    const who = await api.query('auth.check');
    expect(who.status).toBe(200);
  });

  it('answers 403 naming the scope a call lacks', async () => {
    const { client } = await signedInClient(t);
    const { token } = await createToken(client, ['contacts:read']);
    const api = bearer(token);
    const write = await api.mutation('contacts.create', {
      givenName: 'Ada',
      phones: [{ value: '+1 555 0100', type: '' }],
    });
    expect(write.status).toBe(403);
    expect(messageOf(write)).toBe('This API token lacks the scope contacts:write.');
    const labels = await api.query('labels.list');
    expect(labels.status).toBe(403);
    expect(messageOf(labels)).toBe('This API token lacks the scope labels:read.');
  });

  it('can never reach the account, its security, tokens, or sign-in', async () => {
    const { client, email } = await signedInClient(t);
    const { token } = await createToken(client, [
      'contacts:write',
      'labels:write',
      'imports:write',
      'reminders:write',
      'history:write',
    ]);
    const api = bearer(token);
    for (const [kind, path, input] of [
      ['query', 'account.profile', undefined],
      ['query', 'account.sessions', undefined],
      [
        'mutation',
        'account.changePassword',
        { currentPassword: TEST_PASSWORD, newPassword: 'another-long-one-9' },
      ],
      ['query', 'apiTokens.list', undefined],
      [
        'mutation',
        'apiTokens.create',
        { name: 'more', scopes: ['contacts:read'], expiresInDays: 7 },
      ],
      ['query', 'appPasswords.list', undefined],
      ['query', 'security.overview', undefined],
      ['mutation', 'auth.login', { email, password: TEST_PASSWORD }],
    ] as const) {
      const res = kind === 'query' ? await api.query(path, input) : await api.mutation(path, input);
      expect(res.status, path).toBe(403);
      expect(messageOf(res), path).toBe(
        'API tokens cannot do this. Sign in to Kith to manage the account.',
      );
    }
  });

  it('a wrong token answers 401 and never reads the cookies sent with it', async () => {
    const { client } = await signedInClient(t);
    const res = await client.send({
      method: 'GET',
      url: '/api/trpc/auth.check',
      headers: { authorization: 'Bearer kith_not-a-real-token' },
    });
    expect(res.status).toBe(401);
    expect(messageOf(res)).toBe(
      'This API token is not valid. Create a new one on your profile page.',
    );
    // The same client without the header is still signed in.
    expect((await client.query('auth.check')).status).toBe(200);
  });

  it('an expired or revoked token answers 401', async () => {
    const { client } = await signedInClient(t);
    const week = await createToken(client, ['contacts:read'], 7);
    const revoked = await createToken(client, ['contacts:read'], null);
    expect((await bearer(week.token).query('auth.check')).status).toBe(200);
    expect((await client.mutation('apiTokens.revoke', { id: revoked.apiToken.id })).status).toBe(
      200,
    );
    expect((await bearer(revoked.token).query('auth.check')).status).toBe(401);
    // REST reads the signed-in person before any procedure runs: the same 401, not a 403.
    const rest = await bearer(revoked.token).rest('GET', '/contacts');
    expect(rest.status).toBe(401);
    expect(rest.body.message).toBe(
      'This API token is not valid. Create a new one on your profile page.',
    );
    t.advanceClock(8 * 24 * 60 * 60_000);
    try {
      expect((await bearer(week.token).query('auth.check')).status).toBe(401);
    } finally {
      t.advanceClock(-8 * 24 * 60 * 60_000);
    }
  });

  it('a password change revokes the account’s tokens', async () => {
    const { client } = await signedInClient(t);
    const { token } = await createToken(client, ['contacts:read']);
    const change = await client.mutation('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-harbour-77',
    });
    expect(change.status).toBe(200);
    expect(trpcData<{ apiTokensRevoked: number }>(change).apiTokensRevoked).toBe(1);
    expect((await bearer(token).query('auth.check')).status).toBe(401);
  });

  it('is refused by CardDAV, which takes app passwords only', async () => {
    const { client, email } = await signedInClient(t);
    const { token } = await createToken(client, ['contacts:write']);
    const res = await t.app.inject({
      method: 'PROPFIND',
      url: '/dav/',
      headers: {
        authorization: `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`,
        depth: '0',
      },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('guessing tokens', () => {
  it('wrong tokens are counted per client IP and never lock the person’s sign-in', async () => {
    const limited = await createTestApp({
      rateLimits: { perIp: 5, perAccount: 5, windowMs: 60_000 },
    });
    try {
      const { client, email } = await signedInClient(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await limited.app.inject({
          method: 'GET',
          url: '/api/trpc/auth.check',
          headers: { authorization: `Bearer kith_guess${i}` },
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.at(-1)).toBe(429);
      const spent = await limited.app.inject({
        method: 'GET',
        url: '/api/v1/contacts',
        headers: { authorization: 'Bearer kith_guess-again' },
        remoteAddress: '203.0.113.9',
      });
      expect(spent.statusCode).toBe(429);
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
      // The owner signs in from their own address as before.
      const login = await new TestClient(limited.app).rest('POST', '/auth/login', {
        email,
        password: TEST_PASSWORD,
      });
      expect(login.status).toBe(200);
      expect(client).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('from another site', () => {
  it('an allowed origin gets CORS headers without credentials; others get none', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/trpc/contacts.list',
      headers: {
        origin: 'https://app.example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/i);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const stranger = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/trpc/contacts.list',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a write from another origin passes with a token and is refused with cookies alone', async () => {
    const { client } = await signedInClient(t);
    const { token } = await createToken(client, ['contacts:write']);
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/contacts.create',
      headers: { origin: 'https://app.example.org', authorization: `Bearer ${token}` },
      payload: {
        json: {
          givenName: 'Grace',
          familyName: 'Hopper',
          phones: [{ value: '+1 555 0100', type: '' }],
        },
      },
    });
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.headers['access-control-allow-origin']).toBe('https://app.example.org');
    const withCookies = await client.send({
      method: 'POST',
      url: '/api/trpc/contacts.create',
      headers: { origin: 'https://app.example.org' },
      payload: {
        json: {
          givenName: 'Mallory',
          familyName: 'M',
          phones: [{ value: '+1 555 0100', type: '' }],
        },
      },
    });
    expect(withCookies.status).toBe(403);
  });
});
