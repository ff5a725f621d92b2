import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { deriveAuthKeys } from '@kith/api';
import { SignJWT } from 'jose';
import { appPerTest, TEST_APP_SECRET, type TestApp } from '../test-support/test-app';
import { multipart, png } from '../test-support/test-images';
import { TEST_REDIS_URL } from '../test-support/testing';
import { codeFrom, TestClient, trpcData, type TestResponse } from '../test-support/test-client';

/**
 * Regression tests for the findings of an outside security probe, each named after its item
 * (docs/reliability.md#security-regression-tests).
 * Every one failed before its fix.
 */

const PASSWORD = 'kith-harbour-42';
let t: TestApp | undefined;
let people = 0;
/** Each test builds the app it needs (limits, settings, mailer), all over one database. */
const createTestApp = appPerTest();

function newEmail(): string {
  people += 1;
  return `probe${people}-${Date.now()}@example.com`;
}

async function signedUp(app: TestApp, email = newEmail(), password = PASSWORD) {
  const client = new TestClient(app.app);
  await client.rest('POST', '/auth/signup', { name: 'Ada', email, password });
  const verify = await client.rest('POST', '/auth/verify', {
    email,
    otp: codeFrom(app.outbox.at(-1)),
  });
  expect(verify.status).toBe(200);
  return { client, email };
}

/** Uploads a small PNG through REST; returns the image's id and signed link. */
async function uploadPhoto(client: TestClient): Promise<{ url: string; publicId: string }> {
  const res = await client.send({
    method: 'POST',
    url: '/api/v1/image',
    ...(await multipart({}, { field: 'image', bytes: await png() })),
  });
  return (res.body.data as { image: { url: string; publicId: string } }).image;
}

/** POSTs one tRPC batch of `inputs` to `procedure`, as httpBatchLink sends it. */
function batch(client: TestClient, procedure: string, inputs: unknown[]): Promise<TestResponse> {
  const payload = Object.fromEntries(inputs.map((input, i) => [i, { json: input }]));
  return client.send({
    method: 'POST',
    url: `/api/trpc/${inputs.map(() => procedure).join(',')}?batch=1`,
    payload,
  });
}

/** The tRPC error codes of a batch answer, one per call (`OK` for a success). */
function batchCodes(res: TestResponse): string[] {
  return (res.body as unknown as { error?: { json: { data: { code: string } } } }[]).map(
    (entry) => entry.error?.json.data.code ?? 'OK',
  );
}

describe('1. encoded paths do not skip the sign-in limits', () => {
  it('limits POST /api/v1/auth/log%69n like /auth/login, and they share one budget', async () => {
    // Signing up and verifying succeeded, so they spent nothing: 5 wrong guesses are left.
    t = await createTestApp({ rateLimits: { perIp: 100, perAccount: 5, windowMs: 60_000 } });
    const { email } = await signedUp(t);
    const client = new TestClient(t.app);
    const guess = (url: string, password = 'wrong-guess-1') =>
      client.send({ method: 'POST', url, payload: { email, password } });
    for (const url of [
      '/api/v1/auth/log%69n',
      '/api/v1/auth/login',
      '/api/v1/auth/%6cogin',
      '/api/v1/auth/login',
      '/api/v1/auth/log%69n',
    ]) {
      expect((await guess(url)).status).toBe(401);
    }
    const right = await guess('/api/v1/auth/log%69n', PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many attempts\. Please wait \d+ (second|minute)s?/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits encoded sign-up, verify and resend paths per account', async () => {
    t = await createTestApp({ rateLimits: { perIp: 100, perAccount: 2, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    const email = newEmail();
    const otp = { email, otp: '000000' };
    expect(
      (await client.rest('POST', '/auth/signu%70', { name: 'A', email, password: PASSWORD }))
        .status,
    ).toBe(201);
    // Wrong codes spend the account's guessing budget, whatever the spelling of the path.
    expect((await client.rest('POST', '/auth/verif%79', otp)).status).toBe(400);
    expect((await client.rest('POST', '/auth/verify', otp)).status).toBe(400);
    expect((await client.rest('POST', '/auth/verif%79', otp)).status).toBe(429);
    // Mails spend a budget of their own: the sign-up's, then one resend (past its 120 s wait).
    t.advanceClock(121_000);
    expect((await client.rest('POST', '/auth/resen%64', { email })).status).toBe(200);
    t.advanceClock(121_000);
    expect((await client.rest('POST', '/auth/resen%64', { email })).status).toBe(429);
  });
});

// Several instances share their budgets through Redis (`.ci/run` sets TEST_REDIS_URL to the
// machine's Redis, as it sets TEST_DATABASE_URL to its PostgreSQL).
const redisUrl = TEST_REDIS_URL;
if (redisUrl) {
  describe('1b. limits shared by instances through Redis', () => {
    it('charges attempts on one instance against the budget of another', async () => {
      const limits = { perIp: 1_000_000, perAccount: 2, windowMs: 60_000 };
      const first = await createTestApp({ rateLimits: limits, env: { REDIS_URL: redisUrl } });
      const second = await createTestApp({ rateLimits: limits, env: { REDIS_URL: redisUrl } });
      try {
        const email = newEmail();
        const guess = (app: TestApp) =>
          new TestClient(app.app).rest('POST', '/auth/login', { email, password: 'wrong-one-1' });
        expect((await guess(first)).status).toBe(401);
        expect((await guess(second)).status).toBe(401);
        expect((await guess(first)).status).toBe(429);
        expect((await guess(second)).status).toBe(429);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
}

describe('2. tRPC batches', () => {
  it('refuses a batch of more than 20 calls whole', async () => {
    t = await createTestApp();
    const client = new TestClient(t.app);
    const guesses = Array.from({ length: 400 }, (_, i) => ({
      email: 'victim@example.com',
      password: `guess-${i}-xyz`,
    }));
    const res = await batch(client, 'auth.login', guesses);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Batch call exceeds maximum size');
  });

  it('charges every call of a batch: 20 password guesses for one account try only 5', async () => {
    t = await createTestApp({ rateLimits: { perIp: 1000, perAccount: 5, windowMs: 60_000 } });
    const { email } = await signedUp(t);
    const client = new TestClient(t.app);
    const guesses = Array.from({ length: 19 }, (_, i) => ({ email, password: `guess-${i}-xyz` }));
    const res = await batch(client, 'auth.login', [...guesses, { email, password: PASSWORD }]);
    const codes = batchCodes(res);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(15);
    expect(codes).not.toContain('OK');
  });

  it('limits single tRPC logins per account (the email in the parsed input)', async () => {
    t = await createTestApp({ rateLimits: { perIp: 1000, perAccount: 4, windowMs: 60_000 } });
    const { email } = await signedUp(t);
    const client = new TestClient(t.app);
    for (const variant of [email, email.toUpperCase(), ` ${email}`, email]) {
      const res = await client.mutation('auth.login', { email: variant, password: 'wrong-one-1' });
      expect(res.status).toBe(401);
    }
    const right = await client.mutation('auth.login', { email: `  ${email} `, password: PASSWORD });
    expect(right.status).toBe(429);
  });

  it('lets no batch of wrong verification codes reach the right one', async () => {
    t = await createTestApp({ rateLimits: { perIp: 1000, perAccount: 5, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    const code = codeFrom(t.outbox.at(-1));
    const wrong = Array.from({ length: 19 }, (_, i) => ({
      email,
      otp: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    }));
    const codes = batchCodes(await batch(client, 'auth.verify', [...wrong, { email, otp: code }]));
    expect(codes).not.toContain('OK');
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS').length).toBeGreaterThanOrEqual(15);
  });

  it('caps sign-ups from one address, however they are batched', async () => {
    t = await createTestApp({ rateLimits: { perIp: 5, perAccount: 100, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    const signups = Array.from({ length: 20 }, () => ({
      name: 'Spam',
      email: newEmail(),
      password: PASSWORD,
    }));
    const codes = batchCodes(await batch(client, 'auth.signup', signups));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(5);
    expect(t.outbox).toHaveLength(5);
  });
});

describe('3. a pending account cannot be taken over', () => {
  it('keeps the first sign-up’s name and password for the code its owner was mailed', async () => {
    t = await createTestApp();
    const email = newEmail();
    const victim = new TestClient(t.app);
    await victim.rest('POST', '/auth/signup', { name: 'Victim', email, password: PASSWORD });
    const victimCode = codeFrom(t.outbox.at(-1));
    const mailsBefore = t.outbox.length;

    const attacker = new TestClient(t.app);
    const hijack = await attacker.rest('POST', '/auth/signup', {
      name: 'Attacker',
      email,
      password: 'attacker-knows-this-1',
    });
    expect(hijack.status).toBe(429);
    expect(t.outbox).toHaveLength(mailsBefore);

    const verified = await victim.rest('POST', '/auth/verify', { email, otp: victimCode });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ user: { name: 'Victim' } });
    const asAttacker = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: 'attacker-knows-this-1',
    });
    expect(asAttacker.status).toBe(401);
    const asVictim = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(asVictim.status).toBe(200);
  });

  it('refuses, in the victim’s browser, a code mailed for an attacker’s later sign-up', async () => {
    t = await createTestApp();
    const email = newEmail();
    const victim = new TestClient(t.app);
    await victim.mutation('auth.signup', { name: 'Victim', email, password: PASSWORD });
    t.advanceClock(121_000);
    const attacker = new TestClient(t.app);
    const second = await attacker.mutation('auth.signup', {
      name: 'Attacker',
      email,
      password: 'attacker-knows-this-1',
    });
    expect(second.status).toBe(200);
    const attackersCode = codeFrom(t.outbox.at(-1));
    // The victim, confused by the second mail, types its code on the /verify page.
    const res = await victim.mutation('auth.verify', { otp: attackersCode });
    expect(res.status).toBe(400);
    // A resend from the victim's browser mails a code carrying the victim's own sign-up.
    t.advanceClock(121_000);
    expect((await victim.mutation('auth.resend', {})).status).toBe(200);
    const verified = await victim.mutation('auth.verify', { otp: codeFrom(t.outbox.at(-1)) });
    expect(verified.status).toBe(200);
    const login = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(login.body.data).toMatchObject({ user: { name: 'Victim' } });
  });

  it('lets the same person submit the sign-up form twice inside the cooldown', async () => {
    t = await createTestApp();
    const email = newEmail();
    const client = new TestClient(t.app);
    const body = { name: 'Ada', email, password: PASSWORD };
    expect((await client.rest('POST', '/auth/signup', body)).status).toBe(201);
    expect((await client.rest('POST', '/auth/signup', body)).status).toBe(201);
    expect(t.outbox).toHaveLength(1);
    const verify = await client.rest('POST', '/auth/verify', {
      email,
      otp: codeFrom(t.outbox.at(-1)),
    });
    expect(verify.status).toBe(200);
  });
});

describe('4. the five-try limit on one-time codes holds under a race', () => {
  it('refuses the right code after 50 parallel wrong guesses', async () => {
    t = await createTestApp();
    const email = newEmail();
    const client = new TestClient(t.app);
    await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    const code = codeFrom(t.outbox.at(-1));
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        new TestClient(t!.app).rest('POST', '/auth/verify', { email, otp: wrong(i) }),
      ),
    );
    expect(guesses.every((res) => res.status === 400)).toBe(true);
    const right = await client.rest('POST', '/auth/verify', { email, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/Too many wrong codes/);
  });
});

describe('5. recovery step 4 works once', () => {
  it('answers a replayed reset with 400 and signs nobody in', async () => {
    t = await createTestApp();
    const { email } = await signedUp(t);
    const client = new TestClient(t.app);
    await client.rest('POST', '/auth/recover/find', { email });
    await client.rest('POST', '/auth/recover/sent-otp');
    await client.rest('POST', '/auth/recover/verify', { otp: codeFrom(t.outbox.at(-1)) });
    const saved = new Map(client.cookies);

    const reset = await client.rest('PATCH', '/auth/recover/reset', { password: 'new-harbour-77' });
    expect(reset.status).toBe(200);

    const replayer = new TestClient(t.app);
    for (const [name, value] of saved) replayer.cookies.set(name, value);
    const replay = await replayer.rest('PATCH', '/auth/recover/reset', {
      password: 'attacker-harbour-88',
    });
    expect(replay.status).toBe(400);
    expect(replay.setCookies.map((c) => c.name)).not.toContain('access_token');
    const login = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: 'new-harbour-77',
    });
    expect(login.status).toBe(200);
  });

  it('charges recovery steps to the account inside the sealed cookie', async () => {
    // Three wrong guesses spend the account's 3 attempts (sending the code spends mail's).
    t = await createTestApp({ rateLimits: { perIp: 100, perAccount: 3, windowMs: 60_000 } });
    const { email } = await signedUp(t);
    const client = new TestClient(t.app);
    await client.rest('POST', '/auth/recover/find', { email });
    await client.rest('POST', '/auth/recover/sent-otp');
    const code = codeFrom(t.outbox.at(-1));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await client.rest('POST', '/auth/recover/verify', { otp: wrong })).status).toBe(400);
    // Another browser, with another spelling of a recovery cookie, spends the same budget.
    const jar = client.cookies.get('recovery')!;
    const other = new TestClient(t.app);
    other.cookies.set('recovery', jar);
    expect((await other.rest('POST', '/auth/recover/verify', { otp: wrong })).status).toBe(400);
    expect((await client.rest('POST', '/auth/recover/verify', { otp: wrong })).status).toBe(400);
    expect((await client.rest('POST', '/auth/recover/verify', { otp: code })).status).toBe(429);
  });
});

describe('7. CSV export does not carry live formulas', () => {
  it('escapes formula cells with a quote, keeps phone numbers, and imports them back', async () => {
    t = await createTestApp();
    const { client } = await signedUp(t);
    const created = await client.mutation('contacts.create', {
      givenName: '=HYPERLINK("https://evil.example","Click")',
      familyName: '@SUM(1+1)',
      emails: [{ value: 'formula@example.com', type: '' }],
      phones: [{ value: '+1 555 0100', type: '' }],
      org: '-2+3',
      title: 'Engineer',
    });
    expect(created.status).toBe(200);
    const exported = await client.mutation('contacts.export', { format: 'csv' });
    const content = (exported.body as { result: { data: { json: { content: string } } } }).result
      .data.json.content;
    const [header, row] = Papa.parse<string[]>(content).data;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('First Name')).toBe(`'=HYPERLINK("https://evil.example","Click")`);
    expect(cell('Last Name')).toBe(`'@SUM(1+1)`);
    expect(cell('Organization Name')).toBe(`'-2+3`);
    expect(cell('Phone 1 - Value')).toBe('+1 555 0100');
    const everyCell = Papa.parse<string[]>(content).data.flat();
    expect(everyCell.filter((value) => /^[=+\-@\t\r]/.test(value))).toEqual(['+1 555 0100']);

    const other = await signedUp(t);
    const preview = await other.client.mutation('imports.preview', { content });
    const [contact] = trpcData<{ contacts: Record<string, unknown>[] }>(preview).contacts;
    expect(contact).toMatchObject({
      givenName: '=HYPERLINK("https://evil.example","Click")',
      familyName: '@SUM(1+1)',
      org: '-2+3',
      phones: [{ value: '+1 555 0100', type: '' }],
    });
  });
});

describe('8. proxy trust comes from configuration', () => {
  it('ignores a client’s X-Forwarded-For by default: one address, one budget', async () => {
    t = await createTestApp({ rateLimits: { perIp: 3, perAccount: 100, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await client.send({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: newEmail(), password: 'wrong-guess-1' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const email = newEmail();
    const client = new TestClient(t.app);
    await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    await client.send({
      method: 'POST',
      url: '/api/v1/auth/verify',
      // A forged first entry, then the address the proxy appended.
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
      payload: { email, otp: codeFrom(t.outbox.at(-1)) },
    });
    const sessions = await client.query('account.sessions');
    expect(JSON.stringify(sessions.body)).toContain('203.0.113.9');
    expect(JSON.stringify(sessions.body)).not.toContain('6.6.6.6');
  });

  it('makes cookies Secure from PUBLIC_URL, not from X-Forwarded-Proto', async () => {
    t = await createTestApp();
    const plain = await new TestClient(t.app).send({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { name: 'A', email: newEmail(), password: PASSWORD },
    });
    expect(plain.setCookies.find((c) => c.name === 'v_ue')!.attributes).not.toContain('Secure');
    await t.close();

    t = await createTestApp({ env: { PUBLIC_URL: 'https://kith.example' } });
    const secure = await new TestClient(t.app).rest('POST', '/auth/signup', {
      name: 'A',
      email: newEmail(),
      password: PASSWORD,
    });
    expect(secure.setCookies.find((c) => c.name === 'v_ue')!.attributes).toContain('Secure');
  });
});

describe('9. a stolen session cannot guess the password', () => {
  it('limits account.changePassword per account', async () => {
    t = await createTestApp({ rateLimits: { perIp: 1000, perAccount: 3, windowMs: 60_000 } });
    const { client } = await signedUp(t);
    const guesses = Array.from({ length: 19 }, (_, i) => ({
      currentPassword: `guess-${i}-xyz`,
      newPassword: 'taken-over-99',
    }));
    const codes = batchCodes(
      await batch(client, 'account.changePassword', [
        ...guesses,
        { currentPassword: PASSWORD, newPassword: 'taken-over-99' },
      ]),
    );
    expect(codes.filter((c) => c === 'BAD_REQUEST')).toHaveLength(3);
    expect(codes).not.toContain('OK');
  });

  it('limits account.delete per account', async () => {
    t = await createTestApp({ rateLimits: { perIp: 1000, perAccount: 2, windowMs: 60_000 } });
    const { client } = await signedUp(t);
    for (let i = 0; i < 2; i += 1) {
      const res = await client.mutation('account.delete', { password: `guess-${i}-xyz` });
      expect(res.status).toBe(400);
    }
    const right = await client.mutation('account.delete', { password: PASSWORD });
    expect(right.status).toBe(429);
  });
});

describe('10. lesser findings', () => {
  it('limits recovery’s account lookup to a tenth of the per-IP budget', async () => {
    t = await createTestApp({ rateLimits: { perIp: 30, perAccount: 100, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await client.rest('POST', '/auth/recover/find', { email: newEmail() })).status,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('refuses passwords of one repeated character, over 128 characters, or breached', async () => {
    t = await createTestApp();
    const client = new TestClient(t.app);
    const signup = (password: string) =>
      client.rest('POST', '/auth/signup', { name: 'A', email: newEmail(), password });
    const repeated = await signup('      ');
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toBe('Password cannot be one character repeated');
    expect((await signup('aaaaaaaa')).body.message).toBe(
      'Password cannot be one character repeated',
    );
    const tooLong = await client.mutation('auth.signup', {
      name: 'A',
      email: newEmail(),
      password: 'x1'.repeat(65),
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('Password must be at most 128 characters');
    // Six megabytes from someone not signed in are refused before they are read.
    const sixMegabytes = await client.mutation('auth.signup', {
      name: 'A',
      email: newEmail(),
      password: 'x1'.repeat(3 * 1024 * 1024),
    });
    expect(sixMegabytes.status).toBe(413);
    expect(JSON.stringify(sixMegabytes.body)).toContain('Sign in to send more than 64 KB');
    // In the breach corpus but not among zxcvbn's common passwords.
    const breached = await signup('Monkey12');
    expect(breached.status).toBe(400);
    expect(breached.body.message).toMatch(/most common/);
    expect((await signup('kith-harbour-42')).status).toBe(201);
  });

  it('refuses an access token without an expiry', async () => {
    t = await createTestApp();
    const { client } = await signedUp(t);
    const valid = client.cookies.get('access_token')!;
    const claims = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString());
    const key = deriveAuthKeys(TEST_APP_SECRET).accessToken;
    const forever = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .sign(key);
    client.cookies.set('access_token', forever);
    expect((await client.query('contacts.list')).status).toBe(403);
  });

  it('sends a Permissions-Policy that turns off camera, microphone and location', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['permissions-policy']).toMatch(
      /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
    );
  });

  it('serves /api/docs in production only with API_DOCS=true', async () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40), SERVE_WEB: 'false' };
    t = await createTestApp({ env: production });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    await t.close();
    t = await createTestApp({ env: { ...production, API_DOCS: 'true' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('serves a photo only through a live signed link, privately cached', async () => {
    t = await createTestApp();
    const { client } = await signedUp(t);
    const { url, publicId } = await uploadPhoto(client);
    const stranger = new TestClient(t.app);
    const live = await stranger.send({ method: 'GET', url });
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const bare = await stranger.send({ method: 'GET', url: `/uploads/${publicId}.webp` });
    expect(bare.status).toBe(404);
    const forged = url.replace(/sig=[\w-]{5}/, 'sig=AAAAA');
    expect((await stranger.send({ method: 'GET', url: forged })).status).toBe(404);
    const later = url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3600}`);
    expect((await stranger.send({ method: 'GET', url: later })).status).toBe(404);
    t.advanceClock(2 * 60 * 60_000 + 1000);
    expect((await stranger.send({ method: 'GET', url })).status).toBe(404);
  });

  it('stops serving an account’s photos the moment it is deleted', async () => {
    t = await createTestApp();
    const { client } = await signedUp(t);
    const { url } = await uploadPhoto(client);
    expect((await client.send({ method: 'GET', url })).status).toBe(200);
    const deleted = await client.mutation('account.delete', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await new TestClient(t.app).send({ method: 'GET', url })).status).toBe(404);
  });

  it('copies a Kith photo into an import only for its owner or a live link', async () => {
    t = await createTestApp();
    const victim = await signedUp(t);
    const { publicId } = await uploadPhoto(victim.client);
    const attacker = await signedUp(t);
    const contact = (photo: string, row: number) => ({
      row,
      givenName: `Copy${row}`,
      familyName: 'Attempt',
      org: '',
      title: '',
      birthday: null,
      isFavorite: false,
      labels: [],
      extra: [],
      photo,
    });
    const res = await attacker.client.mutation('imports.batch', {
      importId: crypto.randomUUID(),
      create: [contact(`https://kith.example/uploads/${publicId}.webp`, 1)],
      update: [],
    });
    expect(res.body).toMatchObject({ result: { data: { json: { photosFailed: 1 } } } });
  });

  it('refuses an over-long password at login before hashing it', async () => {
    t = await createTestApp();
    const res = await new TestClient(t.app).rest('POST', '/auth/login', {
      email: newEmail(),
      password: 'y'.repeat(200),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at most 128 characters');
  });
});
