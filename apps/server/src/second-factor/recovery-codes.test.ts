import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { nextMidStep, passwordStep, totpCode, withAuthenticatorApp } from './second-factor-helpers';

// Recovery codes (OWASP Multifactor Authentication Cheat Sheet): ten at set-up, each working
// once, the count left said, a new set replacing the old.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const STEP_UP = 'Confirm it is you with your second factor first.';

/** Signs in with the password, then `code`: the answer of verifyRecoveryCode. */
async function signInWith(email: string, code: string) {
  const b = await passwordStep(t, email);
  const answer = await (await b.api()).secondFactor.verifyRecoveryCode({ code });
  expect(b.signedIn()).toBe(true);
  return answer;
}

describe('recovery codes', () => {
  it('are ten distinct codes, given once when the first factor is turned on', async () => {
    const { recoveryCodes } = await withAuthenticatorApp(t);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{4,}(-[a-z0-9]{4,})+$/);
  });

  it('sign in once each, saying how many are left', async () => {
    const { user, recoveryCodes } = await withAuthenticatorApp(t);
    const [first, second] = recoveryCodes;
    const answer = await signInWith(user.email, first!);
    expect(answer).toMatchObject({ user: { email: user.email }, recoveryCodesLeft: 9 });

    const again = await passwordStep(t, user.email);
    const api = await again.api();
    await expect(api.secondFactor.verifyRecoveryCode({ code: first! })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(again.signedIn()).toBe(false);
    // Typed in capitals, as read from paper: the same code.
    const typed = await api.secondFactor.verifyRecoveryCode({ code: second!.toUpperCase() });
    expect(typed.recoveryCodesLeft).toBe(8);
    expect(again.signedIn()).toBe(true);
    expect((await api.security.overview()).recoveryCodes).toMatchObject({ left: 8 });
    // Without the dash, with spaces around.
    const third = ` ${recoveryCodes[2]!.replace(/-/g, '')} `;
    expect(await signInWith(user.email, third)).toMatchObject({ recoveryCodesLeft: 7 });
  });

  it('refuse a code of another account', async () => {
    const mine = await withAuthenticatorApp(t);
    const theirs = await withAuthenticatorApp(t);
    const b = await passwordStep(t, mine.user.email);
    await expect(
      (await b.api()).secondFactor.verifyRecoveryCode({ code: theirs.recoveryCodes[0]! }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(b.signedIn()).toBe(false);
  });

  it('confirm a change once each, like a sign-in', async () => {
    const { b, recoveryCodes } = await withAuthenticatorApp(t);
    const api = await b.api();
    const confirmed = await api.security.confirm({ recoveryCode: recoveryCodes[0]! });
    expect(confirmed.confirmedUntil).toBeInstanceOf(Date);
    expect((await api.security.overview()).recoveryCodes).toMatchObject({ left: 9 });
    await expect(api.security.confirm({ recoveryCode: recoveryCodes[0]! })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('are replaced by a new set after a fresh check, the old ones void', async () => {
    const { user, b, secret, recoveryCodes } = await withAuthenticatorApp(t);
    const api = await b.api();
    await expect(api.security.regenerateRecoveryCodes()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STEP_UP,
    });
    nextMidStep(t);
    await api.security.confirm({ totp: totpCode(secret, t.now()) });
    const { codes } = await api.security.regenerateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(codes.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    expect((await api.security.overview()).recoveryCodes).toMatchObject({ left: 10 });

    const old = await passwordStep(t, user.email);
    await expect(
      (await old.api()).secondFactor.verifyRecoveryCode({ code: recoveryCodes[1]! }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await signInWith(user.email, codes[0]!)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('go with the last factor: none without a factor, and none can be made', async () => {
    const { b, secret, recoveryCodes } = await withAuthenticatorApp(t);
    const api = await b.api();
    nextMidStep(t);
    await api.security.confirm({ totp: totpCode(secret, t.now()) });
    await api.security.totpDisable();
    expect((await api.security.overview()).recoveryCodes).toBeNull();
    await expect(api.security.regenerateRecoveryCodes()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    // A code of the old set proves nothing any more.
    await expect(api.security.confirm({ recoveryCode: recoveryCodes[0]! })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
