import { createRateLimiter } from '@kith/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_PASSWORD } from '../test-support/test-users';
import { browser, FIREFOX_ON_LINUX } from './browser';
import {
  awayFromStepEdge,
  mailsTo,
  nextMidStep,
  passwordStep,
  signedInBrowser,
  STEP_MS,
  totpCode,
  withAuthenticatorApp,
} from './second-factor-helpers';

// The authenticator app (TOTP, RFC 6238) as a second factor: set-up, sign-in in two steps, the
// clock's tolerance, replay, the per-account limit on wrong codes and the mails they send.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
const STEP_UP = 'Confirm it is you with your second factor first.';
const EXPIRED = 'Your sign-in has expired. Please sign in again.';
const FAILED_SUBJECT = 'Someone entered your Kith password but not your second step';

describe('setting up an authenticator app', () => {
  it('gives a secret, its otpauth address and a QR code drawn on the server', async () => {
    const { user, b } = await signedInBrowser(t);
    const setup = await (await b.api()).security.totpSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits, base32 (RFC 4226 §4)
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
  });

  it('turns on only with a right first code, and then gives ten recovery codes', async () => {
    const { b } = await signedInBrowser(t);
    const api = await b.api();
    const setup = await api.security.totpSetup();
    nextMidStep(t);
    const wrong = totpCode(setup.secret, new Date(t.now().getTime() + 5 * STEP_MS));
    await expect(api.security.totpEnable({ code: wrong })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: WRONG_CODE,
    });
    expect((await api.security.overview()).secondFactorOn).toBe(false);

    const enabled = await api.security.totpEnable({ code: totpCode(setup.secret, t.now()) });
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.recoveryCodes).size).toBe(10);
    const overview = await api.security.overview();
    expect(overview).toMatchObject({
      secondFactorOn: true,
      passkeys: [],
      totp: { enabledAt: enabled.enabledAt },
      recoveryCodes: { left: 10 },
    });
  });

  it('needs a fresh second-factor check to set up another app or to turn it off', async () => {
    const { user, b, secret } = await withAuthenticatorApp(t);
    const api = await b.api();
    await expect(api.security.totpSetup()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STEP_UP,
    });
    await expect(api.security.totpDisable()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STEP_UP,
    });
    expect((await api.security.overview()).confirmedUntil).toBeNull();

    nextMidStep(t);
    const before = t.now().getTime();
    const { confirmedUntil } = await api.security.confirm({ totp: totpCode(secret, t.now()) });
    // Five minutes from the check.
    expect(confirmedUntil.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(confirmedUntil.getTime()).toBeLessThanOrEqual(t.now().getTime() + 5 * 60_000);
    expect((await api.security.overview()).confirmedUntil).toEqual(confirmedUntil);
    expect(await api.security.totpDisable()).toEqual({ disabled: true });
    const overview = await api.security.overview();
    expect(overview).toMatchObject({ secondFactorOn: false, totp: null, recoveryCodes: null });

    // Off: the password alone signs in again.
    const next = browser(t);
    expect(
      await (await next.api()).auth.login({ email: user.email, password: TEST_PASSWORD }),
    ).toHaveProperty('user');
    expect(next.signedIn()).toBe(true);
  });

  it('refuses a second app while one is on, even after a check', async () => {
    const { b, secret } = await withAuthenticatorApp(t);
    const api = await b.api();
    nextMidStep(t);
    await api.security.confirm({ totp: totpCode(secret, t.now()) });
    await expect(api.security.totpSetup()).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('binds a check to its session: its cookie counts in no other session', async () => {
    const { user, b, secret } = await withAuthenticatorApp(t);
    nextMidStep(t);
    await (await b.api()).security.confirm({ totp: totpCode(secret, t.now()) });
    expect(b.jar).toHaveProperty('step_up');

    // Another session of the same account, given this session's step-up cookie.
    const other = await passwordStep(t, user.email);
    nextMidStep(t);
    await (await other.api()).secondFactor.verifyTotp({ code: totpCode(secret, t.now()) });
    other.jar.step_up = b.jar.step_up!;
    await expect((await other.api()).security.totpDisable()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    expect((await (await other.api()).security.overview()).confirmedUntil).toBeNull();
  });

  it('lets a check count for five minutes only', async () => {
    const { b, secret } = await withAuthenticatorApp(t);
    const api = await b.api();
    nextMidStep(t);
    await api.security.confirm({ totp: totpCode(secret, t.now()) });
    t.advanceClock(5 * 60_000 + 1_000);
    await expect(api.security.totpDisable()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
  });

  it('asks for a fresh check before the password is changed', async () => {
    const { b, secret } = await withAuthenticatorApp(t);
    const api = await b.api();
    const change = { currentPassword: TEST_PASSWORD, newPassword: 'lighthouse-keeper-91' };
    await expect(api.account.changePassword(change)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STEP_UP,
    });
    nextMidStep(t);
    await api.security.confirm({ totp: totpCode(secret, t.now()) });
    await expect(api.account.changePassword(change)).resolves.toBeDefined();
  });
});

describe('signing in with an authenticator app', () => {
  it('asks for the code after the password, and starts the session only then', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    const b = await passwordStep(t, user.email);
    const api = await b.api();
    expect(await api.secondFactor.pending()).toEqual({
      email: user.email,
      methods: ['totp', 'recoveryCode'],
    });
    await expect(api.auth.check()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    nextMidStep(t);
    const answer = await api.secondFactor.verifyTotp({ code: totpCode(secret, t.now()) });
    expect(answer.user).toMatchObject({ email: user.email });
    expect(b.signedIn()).toBe(true);
    expect(b.jar).not.toHaveProperty('second_factor');
    expect((await api.auth.check()).user).toMatchObject({ email: user.email });
    expect(await api.secondFactor.pending()).toBeNull();
  });

  it('refuses a code without a password step, and after the pending sign-in expired', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    const stranger = await browser(t).api();
    nextMidStep(t);
    await expect(
      stranger.secondFactor.verifyTotp({ code: totpCode(secret, t.now()) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: EXPIRED });

    const b = await passwordStep(t, user.email);
    t.advanceClock(10 * 60_000 + 1_000);
    nextMidStep(t);
    await expect(
      (await b.api()).secondFactor.verifyTotp({ code: totpCode(secret, t.now()) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: EXPIRED });
    expect(b.signedIn()).toBe(false);
    expect(await (await b.api()).secondFactor.pending()).toBeNull();
  });

  it('accepts a code from a phone 30 s ahead or behind, and refuses one 90 s off', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    const at = (offsetMs: number) => totpCode(secret, new Date(t.now().getTime() + offsetMs));
    const attempt = async (offsetMs: number) => {
      const b = await passwordStep(t, user.email);
      awayFromStepEdge(t);
      return (await b.api()).secondFactor.verifyTotp({ code: at(offsetMs) });
    };
    // Two steps past the one the set-up's code used, so the code 30 s behind is a new one.
    nextMidStep(t);
    nextMidStep(t);
    await expect(attempt(+90_000)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(attempt(-90_000)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // A code is accepted once and only when newer than the last, so behind first, then ahead.
    await expect(attempt(-30_000)).resolves.toHaveProperty('user');
    await expect(attempt(+30_000)).resolves.toHaveProperty('user');
  });

  it('refuses a code used once (and an older one), however right it is', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    nextMidStep(t);
    const code = totpCode(secret, t.now());
    const first = await passwordStep(t, user.email);
    await (await first.api()).secondFactor.verifyTotp({ code });

    const again = await passwordStep(t, user.email);
    const api = await again.api();
    await expect(api.secondFactor.verifyTotp({ code })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: WRONG_CODE,
    });
    const older = totpCode(secret, new Date(t.now().getTime() - STEP_MS));
    await expect(api.secondFactor.verifyTotp({ code: older })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(again.signedIn()).toBe(false);
    // The next step's code works.
    nextMidStep(t);
    await expect(
      api.secondFactor.verifyTotp({ code: totpCode(secret, t.now()) }),
    ).resolves.toHaveProperty('user');
  });

  it('lets one code raced from two browsers sign in once', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    const one = await passwordStep(t, user.email);
    const two = await passwordStep(t, user.email);
    nextMidStep(t);
    const code = totpCode(secret, t.now());
    const results = await Promise.allSettled([
      (await one.api()).secondFactor.verifyTotp({ code }),
      (await two.api()).secondFactor.verifyTotp({ code }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect([one.signedIn(), two.signedIn()].filter(Boolean)).toHaveLength(1);
  });

  it('refuses a code of the app being set up for the sign-in of that set-up', async () => {
    // The code that turned the app on cannot sign in too (same step: used once).
    const { user, b } = await signedInBrowser(t);
    const api = await b.api();
    const setup = await api.security.totpSetup();
    nextMidStep(t);
    const code = totpCode(setup.secret, t.now());
    await api.security.totpEnable({ code });
    const next = await passwordStep(t, user.email);
    await expect((await next.api()).secondFactor.verifyTotp({ code })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('limits wrong codes per account (429 after the budget) and mails each failure', async () => {
    const { user, secret } = await withAuthenticatorApp(t);
    const budget = 3;
    // The server's one limiter, which every browser's calls go through.
    const rateLimiter = await createRateLimiter({
      perIp: 1_000,
      perAccount: budget,
      windowMs: 15 * 60_000,
    });
    const b = await passwordStep(t, user.email, { rateLimiter, ip: '198.51.100.1' });
    const api = await b.api();
    const elsewhere = await passwordStep(t, user.email, {
      rateLimiter,
      ip: '192.0.2.99',
      userAgent: FIREFOX_ON_LINUX,
    });
    nextMidStep(t);
    const wrong = totpCode(secret, new Date(t.now().getTime() + 10 * STEP_MS));
    const mailsBefore = mailsTo(t, user.email).length;
    for (let i = 0; i < budget; i++) {
      await expect(api.secondFactor.verifyTotp({ code: wrong })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: WRONG_CODE,
        cause: { fieldErrors: { code: [WRONG_CODE] } },
      });
    }
    const failures = mailsTo(t, user.email).slice(mailsBefore);
    expect(failures.map((m) => m.subject)).toEqual(Array(budget).fill(FAILED_SUBJECT));
    expect(failures[0]!.text).toContain('Firefox · Linux');
    expect(failures[0]!.text).toContain('198.51.100.1');
    expect(failures[0]!.text).not.toContain(wrong);

    await expect(api.secondFactor.verifyTotp({ code: wrong })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(b.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right code waits, and from another browser and address too: the budget is the
    // account's.
    await expect(
      api.secondFactor.verifyTotp({ code: totpCode(secret, t.now()) }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(
      (await elsewhere.api()).secondFactor.verifyTotp({ code: totpCode(secret, t.now()) }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(b.signedIn() || elsewhere.signedIn()).toBe(false);
  });
});
