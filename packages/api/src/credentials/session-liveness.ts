import type { DatabaseHandle } from '@kith/db';

/** The channel the database announces revoked session families on (migration 0013). */
export const SESSION_REVOKED_CHANNEL = 'kith_session_revoked';

/**
 * How long, in ms, an instance trusts a session family it found live before asking the
 * database again: the safety net should a revocation's notification be lost while the
 * listening connection is down. Revocations arrive by notification well within a second.
 */
export const SESSION_LIVENESS_TTL_MS = 10_000;

/** Entries kept at most; past it the cache starts again empty. */
const MAX_ENTRIES = 100_000;

/**
 * Which session families this instance knows to be live (a session query on every call cost a round
 * trip; docs/decisions/0011-session-liveness-cached-per-instance.md). An entry lasts
 * `SESSION_LIVENESS_TTL_MS`, never past the session's absolute end, and goes the moment the
 * database announces the family revoked (LISTEN `kith_session_revoked`, sent by a trigger on
 * `sessions`), so a sign-out or a password reset on any instance takes effect on every other within
 * a moment of its commit.
 */
export interface SessionLiveness {
  /** True when the family is known live for `userId` at `now` (ms). */
  isKnownLive(familyId: string, userId: string, now: number): boolean;
  /** Records a family the database just found live, until its absolute end at the latest. */
  remember(familyId: string, userId: string, absoluteEndMs: number, now: number): void;
  /** Cache hits and misses since start, for tests and benchmarks. */
  readonly stats: { hits: number; misses: number };
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Starts the cache on a database that can LISTEN (PostgreSQL). Returns null on one that
 * cannot (PGlite): there every call asks the database, as a cache nobody could invalidate
 * would let a revoked session live on.
 */
export async function startSessionLiveness(
  handle: Pick<DatabaseHandle, 'listen'>,
): Promise<SessionLiveness | null> {
  if (!handle.listen) return null;
  const live = new Map<string, { userId: string; until: number }>();
  const stats = { hits: 0, misses: 0 };
  const subscription = await handle.listen(
    SESSION_REVOKED_CHANNEL,
    (familyId) => live.delete(familyId),
    // A (re)connection may have missed notifications: forget everything.
    () => live.clear(),
  );
  return {
    stats,
    isKnownLive(familyId, userId, now) {
      const entry = live.get(familyId);
      const hit = !!entry && entry.userId === userId && entry.until > now;
      if (hit) stats.hits++;
      else stats.misses++;
      return hit;
    },
    remember(familyId, userId, absoluteEndMs, now) {
      if (live.size >= MAX_ENTRIES) live.clear();
      live.set(familyId, { userId, until: Math.min(absoluteEndMs, now + SESSION_LIVENESS_TTL_MS) });
    },
    close: () => subscription.unlisten(),
  };
}
