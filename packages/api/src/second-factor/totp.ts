import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (TOTP, RFC 6238) with the parameters every app understands: HMAC-SHA1,
 * 6 digits, a 30-second step (RFC 6238 §4 defaults; Google Authenticator ignores others).
 */
export const TOTP_DIGITS = 6;
/** One time step, in seconds. */
export const TOTP_PERIOD_S = 30;
/**
 * Steps either side of now a code may come from, for a phone's clock a little off
 * (RFC 6238 §5.2 recommends at most one step).
 */
export const TOTP_WINDOW = 1;

function totp(secretBase32: string, label = '', issuer = 'Kith'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new shared secret: 160 random bits (RFC 4226 §4 recommends 160), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The `otpauth://totp/...` address an app reads from the QR code (the Key Uri Format of Google
 * Authenticator, which every app follows).
 *
 * @param issuer the name the app lists the account under (Kith's host, so two servers differ).
 */
export function totpUri(secretBase32: string, accountEmail: string, issuer: string): string {
  return totp(secretBase32, accountEmail, issuer).toString();
}

/**
 * The time step a code belongs to, within TOTP_WINDOW steps of `now`, or null when it is no
 * valid code then. The caller refuses a step already used, so each code works once
 * (RFC 6238 §5.2).
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}
