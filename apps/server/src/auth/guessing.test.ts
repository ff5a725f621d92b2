import { passwordChecksRun } from '@kith/api';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest, type TestApp } from '../test-support/test-app';
import { callerFor, makeAppPassword, makeUser } from '../test-support/test-caller';
import { codeFrom, TestClient } from '../test-support/test-client';
import { TEST_PASSWORD } from '../test-support/test-users';

// Guessing a secret: charged before the check, refunded on success, and never a way for a
// stranger to lock a person out (docs/sign-in-throttling.md).
const createTestApp = appPerTest();

const STRANGER = '203.0.113.66';
const OWNER = '198.51.100.7';

/** A verified account with one app password, and the Basic header for it. */
async function phoneAccount(t: TestApp, appPasswords = 1) {
  const user = await makeUser(t);
  const caller = await callerFor(t, user.id);
  let password = '';
  for (let i = 0; i < appPasswords; i++) {
    ({ password } = await makeAppPassword(caller, `Phone ${i}`));
  }
  const basic = (secret: string) =>
    `Basic ${Buffer.from(`${user.email}:${secret}`).toString('base64')}`;
  return { user, password, right: basic(password), wrong: basic('aaaa-bbbb-cccc-dddd') };
}

function propfind(t: TestApp, authorization: string, remoteAddress: string) {
  return t.app.inject({
    method: 'PROPFIND',
    url: '/dav/',
    headers: { authorization, depth: '0' },
    remoteAddress,
  });
}

describe('CardDAV app passwords', () => {
  it('counts guesses raced in one burst: the right one sent last is refused once the budget is spent', async () => {
    const t = await createTestApp({ rateLimits: { perIp: 10, perAccount: 10, windowMs: 60_000 } });
    try {
      const phone = await phoneAccount(t);
      const answers = await Promise.all([
        ...Array.from({ length: 40 }, () => propfind(t, phone.wrong, STRANGER)),
        propfind(t, phone.right, STRANGER),
      ]);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('never locks the owner’s phone out: a stranger’s guesses throttle only the stranger', async () => {
    const t = await createTestApp({ rateLimits: { perIp: 3, perAccount: 3, windowMs: 60_000 } });
    try {
      const phone = await phoneAccount(t);
      const guesses = [];
      for (let i = 0; i < 5; i++)
        guesses.push((await propfind(t, phone.wrong, STRANGER)).statusCode);
      expect(guesses).toEqual([401, 401, 401, 429, 429]);
      const refused = await propfind(t, phone.wrong, STRANGER);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      // The phone, elsewhere, syncs as if nothing happened, again and again.
      for (let i = 0; i < 6; i++)
        expect((await propfind(t, phone.right, OWNER)).statusCode).toBe(207);
    } finally {
      await t.close();
    }
  });

  it('answers a wrong guess with no argon2 check, however many app passwords the account has', async () => {
    const t = await createTestApp();
    try {
      const many = await phoneAccount(t, 12);
      const none = await phoneAccount(t, 0);
      const before = passwordChecksRun();
      expect((await propfind(t, many.wrong, STRANGER)).statusCode).toBe(401);
      expect((await propfind(t, none.wrong, STRANGER)).statusCode).toBe(401);
      const unknown = `Basic ${Buffer.from('nobody@example.com:abcd-efgh-jkmn-pqrs').toString('base64')}`;
      expect((await propfind(t, unknown, STRANGER)).statusCode).toBe(401);
      expect(passwordChecksRun() - before).toBe(0);
      // The right one signs in, typed in capitals and without its dashes as well.
      expect((await propfind(t, many.right, OWNER)).statusCode).toBe(207);
      const typed = `Basic ${Buffer.from(`${many.user.email}:${many.password.replace(/-/g, '').toUpperCase()}`).toString('base64')}`;
      expect((await propfind(t, typed, OWNER)).statusCode).toBe(207);
    } finally {
      await t.close();
    }
  });

  it('still signs in an app password made before lookup hashes, and gives it one', async () => {
    const t = await createTestApp();
    try {
      const phone = await phoneAccount(t);
      await t.db
        .update(schema.appPasswords)
        .set({ lookupHash: null })
        .where(eq(schema.appPasswords.userId, phone.user.id));
      expect((await propfind(t, phone.wrong, OWNER)).statusCode).toBe(401);
      expect((await propfind(t, phone.right, OWNER)).statusCode).toBe(207);
      const [row] = await t.db
        .select()
        .from(schema.appPasswords)
        .where(eq(schema.appPasswords.userId, phone.user.id));
      expect(row!.lookupHash).toMatch(/^[\w-]{43}$/);
      const before = passwordChecksRun();
      expect((await propfind(t, phone.right, OWNER)).statusCode).toBe(207);
      expect(passwordChecksRun() - before).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('web sign-in', () => {
  const login = (client: TestClient, email: string, password: string) =>
    client.rest('POST', '/auth/login', { email, password });

  it('keeps signing in a browser that signed in before while a stranger’s guesses lock out unknown clients', async () => {
    const t = await createTestApp({ rateLimits: { perIp: 100, perAccount: 5, windowMs: 900_000 } });
    try {
      const { email } = await makeUser(t);
      const owner = new TestClient(t.app, OWNER);
      expect((await login(owner, email, TEST_PASSWORD)).status).toBe(200);
      expect(owner.cookies.has('known_device')).toBe(true);

      const stranger = new TestClient(t.app, STRANGER);
      const tries = [];
      for (let i = 0; i < 7; i++)
        tries.push((await login(stranger, email, 'wrong-guess-1')).status);
      expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Even the right password from a client the account has never signed in from waits.
      const newBrowser = new TestClient(t.app, '192.0.2.10');
      expect((await login(newBrowser, email, TEST_PASSWORD)).status).toBe(429);

      // The owner's browser has a budget of its own.
      expect((await login(owner, email, TEST_PASSWORD)).status).toBe(200);
      // Its own mistakes are counted against it alone, and a success gives them back.
      expect((await login(owner, email, 'typo-in-it')).status).toBe(401);
      expect((await login(owner, email, TEST_PASSWORD)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('spends nothing on success: signing in again and again, then recovering the password, all go through', async () => {
    const t = await createTestApp({ rateLimits: { perIp: 4, perAccount: 4, windowMs: 900_000 } });
    try {
      const { email } = await makeUser(t);
      for (let i = 0; i < 8; i++) {
        expect((await login(new TestClient(t.app, OWNER), email, TEST_PASSWORD)).status).toBe(200);
      }
      const client = new TestClient(t.app, OWNER);
      expect((await client.rest('POST', '/auth/recover/find', { email })).status).toBe(200);
      expect((await client.rest('POST', '/auth/recover/sent-otp')).status).toBe(200);
      const otp = codeFrom(t.outbox.at(-1));
      expect((await client.rest('POST', '/auth/recover/verify', { otp })).status).toBe(200);
      const reset = await client.rest('PATCH', '/auth/recover/reset', { password: 'new-pass-77' });
      expect(reset.status).toBe(200);
      expect((await login(new TestClient(t.app, OWNER), email, 'new-pass-77')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts raced wrong passwords one by one: the right one sent last is refused', async () => {
    const t = await createTestApp({ rateLimits: { perIp: 100, perAccount: 5, windowMs: 900_000 } });
    try {
      const { email } = await makeUser(t);
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () =>
          login(new TestClient(t.app, STRANGER), email, 'wrong-guess-1'),
        ),
        login(new TestClient(t.app, STRANGER), email, TEST_PASSWORD),
      ]);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
