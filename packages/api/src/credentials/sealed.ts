import { webcrypto } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, jwtVerify, SignJWT } from 'jose';

/**
 * Encrypts a small JSON value for a cookie (JWE, `dir` + A256GCM), readable only by the
 * server: `v_ue` and `user` are encrypted by the server, and the browser holds no secret
 * (docs/product/contact.md#other-entities).
 *
 * @param ttlMs how long the value stays valid, in ms.
 */
export function seal(key: Uint8Array, payload: Record<string, unknown>, ttlMs: number, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.floor(ttlMs / 1000))
    .encrypt(key);
}

/** Decrypts a sealed value; null when it is missing, tampered with or expired. */
export async function unseal<T>(
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): Promise<T | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtDecrypt(token, key, { currentDate: now });
    return payload as T;
  } catch {
    return null;
  }
}

/** Claims of an access token. */
export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session family id: revoking the family ends this token too. */
  sid: string;
}

/** Signs a short-lived access JWT (HS256). */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.floor(ttlMs / 1000))
    .sign(await hmacKey(key));
}

/**
 * Whether `token` is an access JWT this server signed, expired or not, within `toleranceMs`
 * of its expiry: proof that the caller signed in to some account not long ago, cheap enough
 * (one HMAC) to ask before a request's body is read. Not a session check: it says nothing of
 * whether the session still lives.
 */
export async function isRecentAccessToken(
  key: Uint8Array,
  token: string | undefined,
  now: Date,
  toleranceMs: number,
): Promise<boolean> {
  if (!token) return false;
  const known = verifiedToken(key, token);
  if (known) return isUnexpired(known.exp, now, toleranceMs);
  try {
    await jwtVerify(token, await hmacKey(key), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: Math.floor(toleranceMs / 1000),
      requiredClaims: ['exp', 'sub'],
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Verifies an access JWT; null when missing, forged, expired, or without an expiry (a token
 * with no `exp` would never end; RFC 8725 3.10 asks each token's claims be checked).
 */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): Promise<AccessClaims | null> {
  if (!token) return null;
  const known = verifiedToken(key, token);
  if (known) return isUnexpired(known.exp, now, 0) ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = { sub: payload.sub, sid: payload.sid };
    rememberVerified(key, token, { claims, exp: payload.exp! });
    return claims;
  } catch {
    return null;
  }
}

/** An access token whose signature and claims were checked: its claims and `exp` (s). */
interface VerifiedToken {
  claims: AccessClaims;
  exp: number;
}

/** Access tokens verified, per key, at most this many (the oldest forgotten first). */
const VERIFIED_TOKENS_MAX = 5_000;

const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

/**
 * A token verified before with `key`. A browser sends one access token with every call for its
 * lifetime and each call checks it twice (the body cap, then the session), so its signature is
 * checked once (about 90 µs with jose; docs/performance.md#access-tokens) and only its expiry
 * after that. Only tokens that passed `jwtVerify` are kept, by their exact text, so a changed
 * byte is verified anew.
 */
function verifiedToken(key: Uint8Array, token: string): VerifiedToken | undefined {
  return verifiedTokens.get(key)?.get(token);
}

function rememberVerified(key: Uint8Array, token: string, verified: VerifiedToken): void {
  let tokens = verifiedTokens.get(key);
  if (!tokens) verifiedTokens.set(key, (tokens = new Map()));
  if (tokens.size >= VERIFIED_TOKENS_MAX) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, verified);
}

/**
 * RFC 7519 §4.1.4 as jose applies it: the token is refused from its `exp` on (whole seconds),
 * `toleranceMs` later with a tolerance.
 */
function isUnexpired(exp: number, now: Date, toleranceMs: number): boolean {
  return exp > Math.floor(now.getTime() / 1000) - Math.floor(toleranceMs / 1000);
}

const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

/**
 * The HS256 key as a WebCrypto `CryptoKey`, imported once per key. jose's Node build works
 * through WebCrypto: given bytes or a `KeyObject`, it imports a `CryptoKey` on every call, and
 * every signed-in request verifies its access token twice (the body cap, then the session), so
 * importing once makes each verify about a third cheaper (docs/performance.md#access-tokens).
 */
function hmacKey(bytes: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = hmacKeys.get(bytes);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(bytes, key);
  }
  return key;
}
