import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { codeFrom, TestClient, trpcData } from '../test-support/test-client';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const PASSWORD = 'kith-harbour-42';

/** A unique, not-yet-registered email. */
function newEmail(): string {
  counter += 1;
  return `person${counter}-${Date.now()}@example.com`;
}

/** Signs up and verifies through REST; returns the signed-in client. */
async function signedInClient(email = newEmail(), password = PASSWORD) {
  const client = new TestClient(t.app);
  await client.rest('POST', '/auth/signup', { name: 'Ada Lovelace', email, password });
  const verify = await client.rest('POST', '/auth/verify', {
    email,
    otp: codeFrom(t.outbox.at(-1)),
  });
  expect(verify.status).toBe(200);
  return { client, email, password };
}

describe('sign-up', () => {
  it('creates the account, mails a code and sets the encrypted v_ue cookie', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    const res = await client.rest('POST', '/auth/signup', {
      name: 'Ada',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Signup Successful',
      data: { email },
    });

    const vUe = res.setCookies.find((c) => c.name === 'v_ue');
    expect(vUe).toBeDefined();
    expect(vUe!.value).not.toContain(email.split('@')[0]);
    expect(vUe!.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']),
    );

    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toMatch(/^\d{6} is your Kith verification code$/);
    expect(mail.text).toContain(codeFrom(mail));
    expect(mail.html).toContain(codeFrom(mail));
  });

  it('stores an argon2id hash with at least OWASP parameters, never the password', async () => {
    const email = newEmail();
    await new TestClient(t.app).rest('POST', '/auth/signup', {
      name: 'A',
      email,
      password: PASSWORD,
    });
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(user!.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses one of the most common passwords with a clear message', async () => {
    const res = await new TestClient(t.app).rest('POST', '/auth/signup', {
      name: 'A',
      email: newEmail(),
      password: 'password1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/most common/);
    expect(res.body.errors).toHaveProperty('password');
  });

  it('answers 400 naming the field for invalid input', async () => {
    const res = await new TestClient(t.app).rest('POST', '/auth/signup', {
      name: '',
      email: 'nope',
      password: '123',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ['Name is required'],
      email: ['Invalid email address'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('refuses a second account for a verified email, whatever its case', async () => {
    const { email } = await signedInClient();
    const res = await new TestClient(t.app).rest('POST', '/auth/signup', {
      name: 'B',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(409);
  });

  it('cannot reach protected procedures before the email is verified', async () => {
    const client = new TestClient(t.app);
    await client.rest('POST', '/auth/signup', { name: 'A', email: newEmail(), password: PASSWORD });
    expect((await client.rest('POST', '/auth/check')).status).toBe(403);
    expect((await client.query('auth.check')).status).toBe(403);
    expect((await client.rest('GET', '/contacts')).status).toBe(403);
    const create = await client.rest('POST', '/contacts', {
      firstName: 'A',
      lastName: 'B',
      phone: '1',
    });
    expect(create.status).toBe(403);
    expect((await client.query('contacts.list')).status).toBe(403);
  });
});

describe('verification codes', () => {
  it('verifies with the code, signs in and removes v_ue', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.rest('POST', '/auth/signup', { name: 'Ada', email, password: PASSWORD });
    const res = await client.rest('POST', '/auth/verify', {
      email,
      otp: codeFrom(t.outbox.at(-1)),
    });
    expect(res.body).toMatchObject({ success: true, message: 'Verification Successful' });
    expect(client.cookies.has('v_ue')).toBe(false);
    const access = res.setCookies.find((c) => c.name === 'access_token')!;
    expect(access.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict']));
    // The one cookie a page's script may read: it says a session may exist, and holds no secret.
    const marker = res.setCookies.find((c) => c.name === 'signed_in')!;
    expect(marker.value).toBe('1');
    expect(marker.attributes).not.toContain('HttpOnly');
    expect(marker.attributes).toEqual(expect.arrayContaining(['SameSite=Strict', 'Path=/']));
    const check = await client.rest('POST', '/auth/check');
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ isLoggedIn: true, user: { email, name: 'Ada' } });
    await client.rest('POST', '/auth/logout');
    expect(client.cookies.has('signed_in')).toBe(false);
  });

  it('takes the email from v_ue when the body has none (tRPC)', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.mutation('auth.signup', { name: 'Ada', email, password: PASSWORD });
    const pending = await client.query('auth.pendingVerification');
    expect(pending.body).toMatchObject({ result: { data: { json: { email } } } });
    const res = await client.mutation('auth.verify', { otp: codeFrom(t.outbox.at(-1)) });
    expect(res.status).toBe(200);
  });

  it('says how long the resend cooldown has left, so a reloaded /verify counts on', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.mutation('auth.signup', { name: 'Ada', email, password: PASSWORD });
    const wait = async () =>
      trpcData<{ resendInMs: number }>(await client.query('auth.pendingVerification')).resendInMs;
    // The real clock runs on a little between the calls.
    expect(await wait()).toBeGreaterThan(115_000);
    expect(await wait()).toBeLessThanOrEqual(120_000);
    t.advanceClock(45_000);
    expect(await wait()).toBeGreaterThan(70_000);
    expect(await wait()).toBeLessThanOrEqual(75_000);
    t.advanceClock(80_000);
    expect(await wait()).toBe(0);
  });

  it('voids a code after 5 wrong tries, even for the right code after', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    const code = codeFrom(t.outbox.at(-1));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const res = await client.rest('POST', '/auth/verify', { email, otp: wrong });
      expect(res.body.message).toMatch(/^Invalid code/);
    }
    const fifth = await client.rest('POST', '/auth/verify', { email, otp: wrong });
    expect(fifth.body.message).toMatch(/Too many wrong codes/);
    const right = await client.rest('POST', '/auth/verify', { email, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/Too many wrong codes/);
  });

  it('expires a code after 10 minutes', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    t.advanceClock(10 * 60_000 + 1000);
    const res = await client.rest('POST', '/auth/verify', {
      email,
      otp: codeFrom(t.outbox.at(-1)),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('refuses a resend for 120 s after the last code, then sends a new one', async () => {
    const client = new TestClient(t.app);
    const email = newEmail();
    await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    const first = codeFrom(t.outbox.at(-1));
    const early = await client.rest('POST', '/auth/resend', { email });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Please wait \d:\d\d before asking for a new code\.$/);
    t.advanceClock(120_000);
    const later = await client.rest('POST', '/auth/resend', { email });
    expect(later.body).toMatchObject({ success: true, message: 'Email Resend Successful' });
    const second = codeFrom(t.outbox.at(-1));
    // The first code no longer works once a new one was sent.
    if (first !== second) {
      expect((await client.rest('POST', '/auth/verify', { email, otp: first })).status).toBe(400);
    }
    expect((await client.rest('POST', '/auth/verify', { email, otp: second })).status).toBe(200);
  });

  it('does not accept a used code twice', async () => {
    const { email } = await signedInClient();
    const again = await new TestClient(t.app).rest('POST', '/auth/verify', {
      email,
      otp: codeFrom(t.outbox.at(-1)),
    });
    expect(again.status).toBe(409);
  });
});

describe('login', () => {
  it('signs in with the right password (POST /auth/login)', async () => {
    const { email } = await signedInClient();
    const client = new TestClient(t.app);
    const res = await client.rest('POST', '/auth/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.body).toMatchObject({ success: true, message: 'Login Successful' });
    expect((await client.rest('POST', '/auth/check')).status).toBe(200);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const { email } = await signedInClient();
    const wrongPassword = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: 'not-it-at-all',
    });
    const unknownEmail = await new TestClient(t.app).rest('POST', '/auth/login', {
      email: newEmail(),
      password: PASSWORD,
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
  });

  it('sends an unverified account to verification instead of signing it in', async () => {
    const email = newEmail();
    await new TestClient(t.app).rest('POST', '/auth/signup', {
      name: 'A',
      email,
      password: PASSWORD,
    });
    t.advanceClock(121_000);
    const client = new TestClient(t.app);
    const sent = t.outbox.length;
    const res = await client.rest('POST', '/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(412);
    expect(res.body.message).toMatch(/verify your email/);
    expect(client.cookies.has('v_ue')).toBe(true);
    expect(client.cookies.has('access_token')).toBe(false);
    expect(t.outbox.length).toBe(sent + 1);
  });
});

describe('sessions', () => {
  it('answers 403 on REST and FORBIDDEN on tRPC without a session', async () => {
    const client = new TestClient(t.app);
    const rest = await client.rest('POST', '/auth/check');
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ success: false, data: null });
    const trpc = await client.query('auth.check');
    expect(trpc.status).toBe(403);
  });

  it('answers 403 once the access token has expired, and refresh restores the session', async () => {
    const { client } = await signedInClient();
    t.advanceClock(16 * 60_000);
    expect((await client.rest('POST', '/auth/check')).status).toBe(403);
    expect((await client.rest('POST', '/auth/refresh')).status).toBe(200);
    expect((await client.rest('POST', '/auth/check')).status).toBe(200);
  });

  it('rotates the refresh token, and a replayed old token revokes the whole family', async () => {
    const { client } = await signedInClient();
    const stolen = client.cookies.get('refresh_token')!;
    expect((await client.rest('POST', '/auth/refresh')).status).toBe(200);
    expect(client.cookies.get('refresh_token')).not.toBe(stolen);

    t.advanceClock(11_000);
    const attacker = new TestClient(t.app);
    attacker.cookies.set('refresh_token', stolen);
    expect((await attacker.rest('POST', '/auth/refresh')).status).toBe(401);
    // The family is revoked: the rightful tab is signed out too.
    expect((await client.rest('POST', '/auth/refresh')).status).toBe(401);
    expect((await client.rest('POST', '/auth/check')).status).toBe(403);
  });

  it('lets two tabs refresh with the same token at once without signing out', async () => {
    const { client } = await signedInClient();
    const token = client.cookies.get('refresh_token')!;
    const otherTab = new TestClient(t.app);
    otherTab.cookies.set('refresh_token', token);
    const [a, b] = await Promise.all([
      client.rest('POST', '/auth/refresh'),
      otherTab.rest('POST', '/auth/refresh'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await client.rest('POST', '/auth/check')).status).toBe(200);
    expect((await otherTab.rest('POST', '/auth/check')).status).toBe(200);
  });

  it('ends a session after its absolute lifetime however often it is refreshed', async () => {
    const { client } = await signedInClient();
    const day = 24 * 60 * 60_000;
    for (let i = 0; i < 2; i += 1) {
      t.advanceClock(12 * day);
      expect((await client.rest('POST', '/auth/refresh')).status).toBe(200);
    }
    t.advanceClock(7 * day);
    expect((await client.rest('POST', '/auth/refresh')).status).toBe(401);
  });

  it('logout revokes the session: neither the access nor the refresh token works after', async () => {
    const { client } = await signedInClient();
    const saved = new Map(client.cookies);
    const res = await client.rest('POST', '/auth/logout');
    expect(res.body).toMatchObject({ success: true, message: 'Logout Successful' });
    expect(client.cookies.has('access_token')).toBe(false);
    const replay = new TestClient(t.app);
    for (const [k, v] of saved) replay.cookies.set(k, v);
    expect((await replay.rest('POST', '/auth/check')).status).toBe(403);
    expect((await replay.rest('POST', '/auth/refresh')).status).toBe(401);
  });
});

describe('password recovery', () => {
  it('walks find, identify, verify and reset; the reset ends every other session', async () => {
    const { email, client: otherDevice } = await signedInClient();
    const client = new TestClient(t.app);
    // A phone syncing with an app password is cut off by the reset too.
    expect((await otherDevice.mutation('appPasswords.create', { name: 'Phone' })).status).toBe(200);
    const [owner] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    const appPasswordsOf = () =>
      t.db.select().from(schema.appPasswords).where(eq(schema.appPasswords.userId, owner!.id));
    expect(await appPasswordsOf()).toHaveLength(1);

    expect((await client.rest('POST', '/auth/recover/check/stp1')).status).toBe(400);
    const found = await client.rest('POST', '/auth/recover/find', { email });
    expect(found.body).toMatchObject({
      message: 'User Found',
      data: { email, name: 'Ada Lovelace', isVerified: true },
    });
    const preview = await client.rest('POST', '/auth/recover/check/stp1');
    expect(preview.body.data).toMatchObject({ email });
    expect((await client.rest('POST', '/auth/recover/check/stp2')).status).toBe(400);

    t.advanceClock(121_000);
    const sent = await client.rest('POST', '/auth/recover/sent-otp');
    expect(sent.body).toMatchObject({ success: true, message: 'Otp Sent Successful' });
    expect(client.cookies.has('user')).toBe(false);
    const mail = t.outbox.at(-1)!;
    expect(mail.subject).toMatch(/password reset code/);
    expect((await client.rest('POST', '/auth/recover/check/stp2')).status).toBe(200);
    expect((await client.rest('POST', '/auth/recover/check/stp3')).status).toBe(400);
    expect(
      (await client.rest('PATCH', '/auth/recover/reset', { password: 'new-pass-77' })).status,
    ).toBe(400);

    expect(
      (await client.rest('POST', '/auth/recover/verify', { otp: codeFrom(mail) })).status,
    ).toBe(200);
    expect((await client.rest('POST', '/auth/recover/check/stp3')).status).toBe(200);
    const reset = await client.rest('PATCH', '/auth/recover/reset', { password: 'new-pass-77' });
    expect(reset.body).toMatchObject({ success: true, message: 'Password Reset Successful' });
    expect((await client.rest('POST', '/auth/check')).status).toBe(200);

    expect((await otherDevice.rest('POST', '/auth/check')).status).toBe(403);
    expect((await otherDevice.rest('POST', '/auth/refresh')).status).toBe(401);
    expect(await appPasswordsOf()).toEqual([]);
    const oldPassword = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: 'new-pass-77',
    });
    expect(newPassword.status).toBe(200);
  });

  it('refuses a forged or foreign recovery cookie', async () => {
    const client = new TestClient(t.app);
    client.cookies.set('recovery', 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged');
    expect((await client.rest('POST', '/auth/recover/check/stp3')).status).toBe(400);
    expect(
      (await client.rest('PATCH', '/auth/recover/reset', { password: 'x-y-z-1-2-3' })).status,
    ).toBe(400);
  });

  it('answers 404 for an email with no account', async () => {
    const res = await new TestClient(t.app).rest('POST', '/auth/recover/find', {
      email: newEmail(),
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No account found with this email address.');
  });
});

describe('tRPC conventions', () => {
  it('serves queries as GET only, so a query can have no side effects', async () => {
    const { client } = await signedInClient();
    const res = await client.send({ method: 'POST', url: '/api/trpc/auth.check', payload: {} });
    expect(res.status).toBe(405);
  });
});
