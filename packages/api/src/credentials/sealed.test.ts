import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isRecentAccessToken, signAccessToken, verifyAccessToken } from './sealed';

const claims = { sub: '0f8fad5b-d9cb-469f-a165-70867728950e', sid: 'family-1' };
const TTL_MS = 15 * 60_000;

describe('access tokens', () => {
  it('accepts a token until its expiry second, however often it was accepted before', async () => {
    const key = randomBytes(32);
    const issued = new Date('2026-12-01T10:00:00Z');
    const token = await signAccessToken(key, claims, TTL_MS, issued);
    const justBefore = new Date(issued.getTime() + TTL_MS - 1);
    const atExpiry = new Date(issued.getTime() + TTL_MS);
    for (let i = 0; i < 3; i++) expect(await verifyAccessToken(key, token, issued)).toEqual(claims);
    expect(await verifyAccessToken(key, token, justBefore)).toEqual(claims);
    expect(await verifyAccessToken(key, token, atExpiry)).toBeNull();
    // A token never seen before is judged the same way.
    const fresh = await signAccessToken(key, claims, TTL_MS, issued);
    expect(await verifyAccessToken(key, fresh, atExpiry)).toBeNull();
  });

  it('refuses a token changed by one character, another key’s token, and a bare string', async () => {
    const key = randomBytes(32);
    const now = new Date('2026-12-01T10:00:00Z');
    const token = await signAccessToken(key, claims, TTL_MS, now);
    expect(await verifyAccessToken(key, token, now)).toEqual(claims);
    // A character inside the signature (the last one's low bits are base64url padding).
    const at = token.lastIndexOf('.') + 10;
    const changed = `${token.slice(0, at)}${token[at] === 'z' ? 'A' : 'z'}${token.slice(at + 1)}`;
    expect(await verifyAccessToken(key, changed, now)).toBeNull();
    expect(await verifyAccessToken(randomBytes(32), token, now)).toBeNull();
    expect(await verifyAccessToken(key, 'not-a-token', now)).toBeNull();
    expect(await isRecentAccessToken(randomBytes(32), token, now, 60_000)).toBe(false);
  });

  it('counts a token as recent within the tolerance after its expiry, accepted before or not', async () => {
    const key = randomBytes(32);
    const issued = new Date('2026-12-01T10:00:00Z');
    const seen = await signAccessToken(key, claims, TTL_MS, issued);
    const unseen = await signAccessToken(key, { ...claims, sid: 'family-2' }, TTL_MS, issued);
    expect(await verifyAccessToken(key, seen, issued)).toEqual(claims);
    const tolerance = 60 * 60_000;
    const within = new Date(issued.getTime() + TTL_MS + tolerance - 1000);
    const past = new Date(issued.getTime() + TTL_MS + tolerance);
    for (const token of [seen, unseen]) {
      expect(await isRecentAccessToken(key, token, within, tolerance)).toBe(true);
      expect(await isRecentAccessToken(key, token, past, tolerance)).toBe(false);
    }
  });
});
