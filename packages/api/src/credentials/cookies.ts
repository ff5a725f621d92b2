import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthKeys } from './keys';
import { seal, unseal } from './sealed';
import { ACCESS_TOKEN_TTL_MS, type IssuedTokens } from './sessions';

/**
 * What reading and writing cookies takes from a call's context: the exchange, the address
 * Kith is reached at (for `Secure`), the clock and the cookie key. A procedure's context is one.
 */
export interface CookieContext {
  req: FastifyRequest;
  reply: FastifyReply;
  publicUrl: string;
  now: () => Date;
  keys: Pick<AuthKeys, 'cookieEncryption'>;
}

/**
 * Cookie names. `v_ue` and `user` are the product's names for the pending email and the
 * account preview (docs/product/contact.md#other-entities).
 */
export const cookieNames = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  pendingEmail: 'v_ue',
  accountPreview: 'user',
  recovery: 'recovery',
  signedIn: 'signed_in',
  /** A browser an account signed in from (OWASP device cookies; `device-cookie.ts`). */
  knownDevice: 'known_device',
  /** A sign-in waiting for its second step (`second-factor/pending-sign-in.ts`). */
  secondFactor: 'second_factor',
  /** A fresh second-factor check of this session, for what changes sign-in security. */
  stepUp: 'step_up',
} as const;

/** `v_ue` and `user` last one day (docs/product/limits.md#limits). */
export const ONE_DAY_MS = 24 * 60 * 60_000;
/** The recovery state outlives a code (10 min) with room to type a new password. */
export const RECOVERY_STATE_TTL_MS = 30 * 60_000;

/**
 * httpOnly, SameSite=Strict, and Secure whenever PUBLIC_URL is https (OWASP Session Management
 * Cheat Sheet, cookie attributes): decided by configuration, never by a client-sent
 * X-Forwarded-Proto.
 */
function cookieOptions(ctx: CookieContext, maxAgeMs: number, path = '/'): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.publicUrl.startsWith('https:'),
    path,
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** The refresh token is only ever needed by the API. */
const REFRESH_COOKIE_PATH = '/api';

/**
 * Sets the session's cookies: the access and refresh tokens (httpOnly), and `signed_in=1`, the
 * one cookie a page's script can read. It holds no secret; it only tells the web app that a
 * session may exist, so a visitor's page paints without first asking the server (three auth
 * calls ran before the landing page's first paint). It lives as long as the
 * refresh token.
 */
export function setSessionCookies(ctx: CookieContext, tokens: IssuedTokens): void {
  const refreshMs = tokens.refreshExpiresAt.getTime() - ctx.now().getTime();
  ctx.reply.setCookie(cookieNames.signedIn, '1', {
    ...cookieOptions(ctx, refreshMs),
    httpOnly: false,
  });
  ctx.reply.setCookie(
    cookieNames.accessToken,
    tokens.accessToken,
    cookieOptions(ctx, ACCESS_TOKEN_TTL_MS),
  );
  ctx.reply.setCookie(
    cookieNames.refreshToken,
    tokens.refreshToken,
    cookieOptions(ctx, refreshMs, REFRESH_COOKIE_PATH),
  );
}

export function clearSessionCookies(ctx: CookieContext): void {
  clearCookie(ctx, cookieNames.accessToken);
  clearCookie(ctx, cookieNames.refreshToken, REFRESH_COOKIE_PATH);
  ctx.reply.clearCookie(cookieNames.signedIn, {
    ...cookieOptions(ctx, 0),
    httpOnly: false,
    maxAge: undefined,
  });
}

export function readCookie(ctx: CookieContext, name: string): string | undefined {
  return ctx.req.cookies[name];
}

export function clearCookie(ctx: CookieContext, name: string, path = '/'): void {
  ctx.reply.clearCookie(name, { ...cookieOptions(ctx, 0, path), maxAge: undefined });
}

/** Writes a value only the server can read (JWE with a key derived from APP_SECRET). */
export async function setSealedCookie(
  ctx: CookieContext,
  name: string,
  payload: Record<string, unknown>,
  ttlMs: number,
): Promise<void> {
  const value = await seal(ctx.keys.cookieEncryption, payload, ttlMs, ctx.now());
  ctx.reply.setCookie(name, value, cookieOptions(ctx, ttlMs));
}

/** Reads a sealed cookie; null when it is missing, tampered with or expired. */
export function readSealedCookie<T>(ctx: CookieContext, name: string): Promise<T | null> {
  return unseal<T>(ctx.keys.cookieEncryption, readCookie(ctx, name), ctx.now());
}
