import { TOTP, Secret } from 'otpauth';
import { expect } from 'vitest';
import { makeUser } from '../test-support/test-caller';
import type { TestApp } from '../test-support/test-app';
import { TEST_PASSWORD } from '../test-support/test-users';
import { SoftwareAuthenticator } from '../test-support/software-authenticator';
import { browser, type Browser } from './browser';

/** One TOTP step (RFC 6238 §4: X = 30 s), in ms. */
export const STEP_MS = 30_000;

/** The origin browsers report for the test app: PUBLIC_URL's (WebAuthn §5.8.1). */
export function originOf(t: TestApp): string {
  return new URL(t.deps.publicUrl).origin;
}

/**
 * The authenticator app's code for `secret` (base32) at `at`: HMAC-SHA1, 6 digits, 30 s, what
 * every app computes (RFC 6238), here with the `otpauth` package.
 */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: at.getTime() });
}

/**
 * Moves the app's clock forward into the middle of the next TOTP step, so a code computed now is
 * of a later step than any used before and is still of the same step for 15 s: a test's codes
 * never straddle a step's edge.
 */
export function nextMidStep(t: TestApp): void {
  const into = t.now().getTime() % STEP_MS;
  t.advanceClock(STEP_MS - into + STEP_MS / 2);
}

/**
 * Moves the app's clock forward to the middle of a TOTP step when it is within 5 s of a step's
 * edge (never back), so a code computed now for a time `±n` steps away is still that many steps
 * away when the server checks it.
 */
export function awayFromStepEdge(t: TestApp): void {
  const into = t.now().getTime() % STEP_MS;
  if (into < 5_000) t.advanceClock(STEP_MS / 2 - into);
  else if (into > STEP_MS - 5_000) t.advanceClock(STEP_MS - into + STEP_MS / 2);
}

/** A verified account (password TEST_PASSWORD) and a browser signed in to it by password. */
export async function signedInBrowser(
  t: TestApp,
  options: Parameters<typeof browser>[1] = {},
): Promise<{ user: { id: string; email: string }; b: Browser }> {
  const user = await makeUser(t);
  const b = browser(t, options);
  const answer = await (await b.api()).auth.login({ email: user.email, password: TEST_PASSWORD });
  expect(answer).toHaveProperty('user');
  expect(b.signedIn()).toBe(true);
  return { user, b };
}

/**
 * An account whose second factor is an authenticator app, turned on with its first code in a
 * signed-in browser: answers the account, the browser, the app's secret and the ten recovery
 * codes given at set-up.
 */
export async function withAuthenticatorApp(t: TestApp) {
  const { user, b } = await signedInBrowser(t);
  const api = await b.api();
  const setup = await api.security.totpSetup();
  nextMidStep(t);
  const enabled = await api.security.totpEnable({ code: totpCode(setup.secret, t.now()) });
  expect(enabled.recoveryCodes).toHaveLength(10);
  return { user, b, secret: setup.secret, recoveryCodes: enabled.recoveryCodes! };
}

/**
 * An account whose second factor is a passkey of a software authenticator, added in a
 * signed-in browser: answers the account, the browser, the authenticator, the passkey and the
 * recovery codes given at set-up.
 */
export async function withPasskey(t: TestApp) {
  const { user, b } = await signedInBrowser(t);
  const api = await b.api();
  const authenticator = new SoftwareAuthenticator();
  const options = await api.security.passkeyRegistrationOptions();
  const response = await authenticator.register(options, { origin: originOf(t) });
  const added = await api.security.addPasskey({ name: 'Laptop', response });
  expect(added.recoveryCodes).toHaveLength(10);
  return { user, b, authenticator, passkey: added.passkey, recoveryCodes: added.recoveryCodes! };
}

/** A fresh browser that entered the account's password: its sign-in waits for the second step. */
export async function passwordStep(
  t: TestApp,
  email: string,
  options: Parameters<typeof browser>[1] = {},
): Promise<Browser> {
  const b = browser(t, options);
  const answer = await (await b.api()).auth.login({ email, password: TEST_PASSWORD });
  expect(answer).toEqual({ secondFactor: { methods: expect.any(Array) } });
  expect(b.signedIn()).toBe(false);
  expect(b.jar).toHaveProperty('second_factor');
  return b;
}

/** The mails sent to `email`, oldest first. */
export function mailsTo(t: TestApp, email: string) {
  return t.outbox.filter((m) => m.to === email);
}
