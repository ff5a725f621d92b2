import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../test-support/test-caller';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { codeFrom, TestClient } from '../test-support/test-client';
import { signedInClient, TEST_PASSWORD } from '../test-support/test-users';
import { browser } from './browser';
import {
  mailsTo,
  nextMidStep,
  passwordStep,
  totpCode,
  withAuthenticatorApp,
  withPasskey,
} from './second-factor-helpers';

// What the second factor changes in the ways in: a password reset by mail, the legacy REST
// login, and the mails that tell an account about sign-ins.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const NEW_SIGN_IN = 'New sign-in to your Kith account';
const SESSION_COOKIES = ['access_token', 'refresh_token', 'signed_in'];

describe('password recovery with a second factor', () => {
  it('asks for the second factor after the reset: a mailbox alone opens nothing', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    const b = browser(t);
    const api = await b.api();
    await api.recover.find({ email: user.email });
    await api.recover.sendCode();
    await api.recover.verify({ otp: codeFrom(mailsTo(t, user.email).at(-1)) });
    const from = b.setCookies.length;
    const reset = await api.recover.reset({ password: 'new-harbour-lights-7' });
    expect(reset).toEqual({ secondFactor: { methods: ['totp', 'recoveryCode'] } });
    expect(b.setSince(from)).not.toEqual(expect.arrayContaining(['access_token']));
    expect(b.signedIn()).toBe(false);
    await expect(api.auth.check()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await api.secondFactor.pending()).toEqual({
      email: user.email,
      methods: ['totp', 'recoveryCode'],
    });

    nextMidStep(t);
    const answer = await api.secondFactor.verifyTotp({ code: totpCode(secret, t.now()) });
    expect(answer.user).toMatchObject({ email: user.email });
    expect(b.signedIn()).toBe(true);
    // The new password holds, and still needs the second step.
    const next = browser(t);
    expect(
      await (
        await next.api()
      ).auth.login({
        email: user.email,
        password: 'new-harbour-lights-7',
      }),
    ).toHaveProperty('secondFactor');
    expect(next.signedIn()).toBe(false);
  });
});

describe('the legacy REST login', () => {
  it('answers 403 with a factor on, and starts no session', async () => {
    const { user } = await withPasskey(t);
    const client = new TestClient(t.app);
    const res = await client.rest('POST', '/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Second factor required. Sign in on the web app, or use the SDK.',
    });
    const names = res.setCookies.filter((c) => c.value !== '').map((c) => c.name);
    for (const name of SESSION_COOKIES) expect(names).not.toContain(name);
    expect((await client.rest('POST', '/auth/check')).status).toBe(403);
  });

  it('still signs in an account without a factor', async () => {
    const user = await makeUser(t);
    const res = await new TestClient(t.app).rest('POST', '/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { user: { email: user.email } } });
  });

  it('answers a wrong password as before, whether a factor is on or not', async () => {
    const { user } = await withPasskey(t);
    const res = await new TestClient(t.app).rest('POST', '/auth/login', {
      email: user.email,
      password: 'not-the-password-1',
    });
    expect(res.status).toBe(401);
  });
});

describe('the legacy REST password reset', () => {
  it('changes the password but answers 403 and starts no session with a factor on', async () => {
    const { user } = await withAuthenticatorApp(t);
    const client = new TestClient(t.app);
    await client.rest('POST', '/auth/recover/find', { email: user.email });
    await client.rest('POST', '/auth/recover/sent-otp');
    await client.rest('POST', '/auth/recover/verify', {
      otp: codeFrom(mailsTo(t, user.email).at(-1)),
    });
    const res = await client.rest('PATCH', '/auth/recover/reset', {
      password: 'new-harbour-lights-8',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Second factor required. Sign in on the web app, or use the SDK.',
    });
    const names = res.setCookies.filter((c) => c.value !== '').map((c) => c.name);
    for (const name of SESSION_COOKIES) expect(names).not.toContain(name);
    expect((await client.rest('POST', '/auth/check')).status).toBe(403);
    const next = browser(t);
    expect(
      await (await next.api()).auth.login({ email: user.email, password: 'new-harbour-lights-8' }),
    ).toHaveProperty('secondFactor');
  });
});

describe('the tRPC login over HTTP', () => {
  it('sets the second_factor cookie, httpOnly, and no session cookie', async () => {
    const { user } = await withPasskey(t);
    const client = new TestClient(t.app);
    const res = await client.mutation('auth.login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    const pending = res.setCookies.find((c) => c.name === 'second_factor')!;
    expect(pending.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=600']),
    );
    expect(pending.value).not.toContain(user.email.split('@')[0]);
    const names = res.setCookies.map((c) => c.name);
    for (const name of SESSION_COOKIES) expect(names).not.toContain(name);
    const status = await client.query('secondFactor.pending');
    expect(status.body).toMatchObject({
      result: { data: { json: { email: user.email, methods: ['passkey', 'recoveryCode'] } } },
    });
  });

  it('answers 400 to an oversized passkey answer, 413 past the anonymous body cap', async () => {
    const client = new TestClient(t.app);
    const answer = (size: number) => ({
      response: {
        id: 'a',
        rawId: 'a',
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: 'A'.repeat(size),
          authenticatorData: 'A'.repeat(size),
          signature: 'a',
        },
      },
    });
    // Over the fields' limits, under the 64 KB a stranger may send: refused by its shape.
    expect((await client.mutation('passkeys.signIn', answer(20_000))).status).toBe(400);
    expect((await client.mutation('passkeys.signIn', answer(100_000))).status).toBe(413);
  });

  it('answers 400 to a signed-in person’s megabyte attestation', async () => {
    const { client } = await signedInClient(t);
    const res = await client.mutation('security.addPasskey', {
      name: 'Key',
      response: {
        id: 'a',
        rawId: 'a',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'A'.repeat(1_000_000) },
      },
    });
    expect(res.status).toBe(400);
  });
});

describe('sign-in mails', () => {
  it('mail a sign-in from a new browser, not the next one from the same browser', async () => {
    const user = await makeUser(t);
    const b = browser(t);
    const login = async () =>
      (await b.api()).auth.login({ email: user.email, password: TEST_PASSWORD });
    await login();
    const mails = mailsTo(t, user.email);
    expect(mails.map((m) => m.subject)).toEqual([NEW_SIGN_IN]);
    expect(mails[0]!.text).toContain('Firefox · Linux');
    expect(mails[0]!.text).toContain('203.0.113.7');
    expect(b.jar).toHaveProperty('known_device');

    await (await b.api()).auth.logout();
    await login();
    expect(mailsTo(t, user.email)).toHaveLength(1);

    // Another browser is new again.
    await (await browser(t).api()).auth.login({ email: user.email, password: TEST_PASSWORD });
    expect(mailsTo(t, user.email).map((m) => m.subject)).toEqual([NEW_SIGN_IN, NEW_SIGN_IN]);
  });

  it('never fail a sign-in when the mail cannot be sent', async () => {
    const down = await createTestApp({
      mailer: {
        send: async () => {
          throw new Error('SMTP server unreachable');
        },
      },
    });
    try {
      const user = await makeUser(down);
      const b = browser(down);
      const answer = await (
        await b.api()
      ).auth.login({
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(answer).toHaveProperty('user');
      expect(b.signedIn()).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('mail after the second step, not at the password', async () => {
    const { user, authenticator } = await withPasskey(t);
    const before = mailsTo(t, user.email).length;
    const b = await passwordStep(t, user.email);
    expect(mailsTo(t, user.email)).toHaveLength(before);
    const api = await b.api();
    const options = await api.secondFactor.passkeyOptions();
    await api.secondFactor.verifyPasskey({
      response: await authenticator.authenticate(options, {
        origin: new URL(t.deps.publicUrl).origin,
      }),
    });
    expect(
      mailsTo(t, user.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual([NEW_SIGN_IN]);
  });

  it('mail a passkey sign-in from a new browser, in the account’s language', async () => {
    const { user, b, authenticator } = await withPasskey(t);
    await (await b.api()).account.updatePreferences({ locale: 'es' });
    const before = mailsTo(t, user.email).length;
    const next = browser(t);
    const api = await next.api();
    const options = await api.passkeys.signInOptions();
    await api.passkeys.signIn({
      response: await authenticator.authenticate(options, {
        origin: new URL(t.deps.publicUrl).origin,
      }),
    });
    const [mail] = mailsTo(t, user.email).slice(before);
    expect(mail!.subject).toBe('Nuevo inicio de sesión en tu cuenta de Kith');
  });
});
