import { randomBytes } from 'node:crypto';
import type { Context } from '../trpc/context';
import type { RateCharge } from '../trpc/init';
import { cookieNames, readSealedCookie, setSealedCookie } from '../credentials/cookies';

/**
 * How long a browser is remembered as one an account signed in from, in ms. A year, as the
 * OWASP scheme suggests for a device that keeps signing in.
 */
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60_000;

/** What the sealed device cookie holds: the account it vouches for and this browser's nonce. */
interface DeviceCookie {
  /** The account's email, trimmed and lower-cased. */
  login: string;
  /** 128 random bits naming this browser's own failure budget. */
  nonce: string;
}

function normalisedEmail(input: unknown): string | undefined {
  const email = (input as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/**
 * The budget a password sign-in is charged to (OWASP Authentication Cheat Sheet, "Slow down
 * online guessing attacks with device cookies"; docs/sign-in-throttling.md): a browser holding
 * a device cookie for the email it signs in to spends its own budget (`knownDevice`, keyed by
 * the cookie's nonce), so failures elsewhere never lock it out; any other client spends the
 * per-IP budget and the account's budget for unknown clients (`signIn`).
 */
export async function signInCharge(ctx: Context, input: unknown): Promise<RateCharge> {
  const email = normalisedEmail(input);
  const device = await readSealedCookie<DeviceCookie>(ctx, cookieNames.knownDevice);
  if (email && device?.login === email && typeof device.nonce === 'string') {
    return { policy: 'knownDevice', keys: { account: `device:${device.nonce}` } };
  }
  return { policy: 'signIn', keys: { ip: ctx.req.ip, account: email } };
}

/**
 * Marks this browser as one `email`'s account signed in from, after a successful sign-in: a
 * new nonce for a browser that had none or vouched for another account, the same nonce (and a
 * new year) otherwise. httpOnly, SameSite=Strict, sealed with a key derived from APP_SECRET.
 */
export async function rememberDevice(ctx: Context, email: string): Promise<void> {
  const login = email.trim().toLowerCase();
  const device = await readSealedCookie<DeviceCookie>(ctx, cookieNames.knownDevice);
  const nonce = device?.login === login ? device.nonce : randomBytes(16).toString('base64url');
  await setSealedCookie(ctx, cookieNames.knownDevice, { login, nonce }, DEVICE_COOKIE_TTL_MS);
}

/**
 * Whether this browser holds a device cookie for `email`'s account: whether the account has
 * signed in from it before (docs/sign-in-security.md#sign-in-mails).
 */
export async function isKnownDevice(ctx: Context, email: string): Promise<boolean> {
  const device = await readSealedCookie<DeviceCookie>(ctx, cookieNames.knownDevice);
  return device?.login === email.trim().toLowerCase();
}
