import { createHmac, randomInt } from 'node:crypto';
import { schema, type Database } from '@kith/db';
import { APP_PASSWORDS_MAX } from '@kith/validators';
import { and, asc, count, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../credentials/passwords';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { ApiDependencies } from '../trpc/context';
import { DAV_ROOT, paths } from '../shared/dav-paths';

const { appPasswords, users } = schema;

/** What revoking a password that is gone, or another account's, answers (404). */
export const APP_PASSWORD_NOT_FOUND = 'That app password has already been revoked.';
/** What creating one past `APP_PASSWORDS_MAX` answers (409). */
export const TOO_MANY_APP_PASSWORDS = `You have ${APP_PASSWORDS_MAX} app passwords. Revoke one you no longer use first.`;

/** An app password as the "Sync with your phone" page lists it; never the password itself. */
export interface AppPasswordSummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  lastUsedUserAgent: string | null;
}

/**
 * Letters and digits a person can read off a screen and type on a phone without confusing
 * them (no 0/o, 1/l/i): 32 symbols, 5 bits each.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A new app password: 16 symbols in four groups (`abcd-efgh-jkmn-pqrs`), 80 bits, the shape
 * Apple's and Google's app passwords have. Typed with or without the dashes and in any case.
 */
function generatePassword(): string {
  const symbols = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => symbols.slice(i, i + 4).join('')).join('-');
}

/** The password as it is hashed: lowercase, without the dashes and spaces people may type. */
function normalise(password: string): string {
  return password.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Creates an app password named for a device and returns it once, in clear, with its
 * summary; only its argon2id hash and its keyed lookup hash are kept (OWASP Password Storage
 * Cheat Sheet), never the password.
 *
 * @throws ConflictError when the account already has `APP_PASSWORDS_MAX`.
 */
export async function createAppPassword(
  db: Database,
  keys: Pick<ApiDependencies['keys'], 'tokenHashing'>,
  userId: string,
  name: string,
): Promise<AppPasswordSummary & { password: string }> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId));
  if (total >= APP_PASSWORDS_MAX) throw new ConflictError(TOO_MANY_APP_PASSWORDS);
  const password = generatePassword();
  const normalised = normalise(password);
  const [row] = await db
    .insert(appPasswords)
    .values({
      userId,
      name,
      passwordHash: await hashPassword(normalised),
      lookupHash: lookupHashOf(keys.tokenHashing, normalised),
    })
    .returning();
  return { ...summaryOf(row!), password };
}

/** The account's app passwords, oldest first. */
export async function listAppPasswords(
  db: Database,
  userId: string,
): Promise<AppPasswordSummary[]> {
  const rows = await db
    .select()
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id));
  return rows.map(summaryOf);
}

/**
 * Revokes one app password: the device using it is refused from its next request on.
 *
 * @throws NotFoundError when it is gone or not this person's.
 */
export async function revokeAppPassword(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(appPasswords)
    .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId)))
    .returning({ id: appPasswords.id });
  if (deleted.length === 0) throw new NotFoundError(APP_PASSWORD_NOT_FOUND);
}

/** Revokes every app password of the account (a password reset); returns how many. */
export async function revokeAllAppPasswords(db: Database, userId: string): Promise<number> {
  const deleted = await db
    .delete(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .returning({ id: appPasswords.id });
  return deleted.length;
}

function summaryOf(row: typeof appPasswords.$inferSelect): AppPasswordSummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedIp: row.lastUsedIp,
    lastUsedUserAgent: row.lastUsedUserAgent,
  };
}

/** Who an app password signed in: the account and which of its app passwords. */
export interface AppPasswordUser {
  userId: string;
  appPasswordId: string;
  /** The name the person gave the app password ("iPhone"), which the history shows. */
  appPasswordName: string;
}

/** How often, in ms, a password's last use is written (one UPDATE per sync, not per request). */
const LAST_USED_WRITE_MS = 60_000;

/**
 * The key an app password is found by: HMAC-SHA-256 of the normalised password under a key
 * derived from APP_SECRET, base64url. The password has 80 random bits, so a fast keyed hash
 * is as safe to keep as a slow one (OWASP Password Storage Cheat Sheet: slow hashes are for
 * passwords people choose), and a guess costs one indexed read.
 */
function lookupHashOf(key: Uint8Array, normalised: string): string {
  return createHmac('sha256', key).update(`app-password\0${normalised}`).digest('base64url');
}

/** Which accounts an app password may sign in: the verified, undeleted one it belongs to. */
type AccountCondition = SQL;

/** An app password row that matched, with what its last use needs. */
interface MatchedAppPassword {
  userId: string;
  id: string;
  name: string;
  lastUsedAt: Date | null;
}

/**
 * The one check of an app password against the store, which CardDAV's sign-in and the Apple
 * profile share: the password is found by its keyed hash (`lookupHashOf`) among the app
 * passwords of the accounts `account` selects, so a wrong guess, an unknown account and an
 * account with fifty app passwords all cost the same one indexed read and no argon2id check.
 * Passwords made before keyed hashes existed are checked against their argon2id hashes, one
 * account's checks at a time, and get their keyed hash on first success.
 *
 * @returns the matching row, or null when the password is not a live one of that account.
 */
async function matchAppPassword(
  deps: Pick<ApiDependencies, 'db' | 'keys'>,
  account: AccountCondition,
  password: string,
): Promise<MatchedAppPassword | null> {
  const normalised = normalise(password);
  if (normalised.length === 0) return null;
  const lookupHash = lookupHashOf(deps.keys.tokenHashing, normalised);
  const live = and(account, isNull(users.deletedAt), isNotNull(users.emailVerifiedAt));
  // One read finds the password by its keyed hash, or the account's passwords made before
  // keyed hashes (none once each has been used once).
  const rows = await deps.db
    .select({
      userId: users.id,
      id: appPasswords.id,
      name: appPasswords.name,
      passwordHash: appPasswords.passwordHash,
      lookupHash: appPasswords.lookupHash,
      lastUsedAt: appPasswords.lastUsedAt,
    })
    .from(appPasswords)
    .innerJoin(users, eq(appPasswords.userId, users.id))
    .where(and(or(eq(appPasswords.lookupHash, lookupHash), isNull(appPasswords.lookupHash)), live))
    .orderBy(asc(appPasswords.createdAt));
  const match = rows.find((row) => row.lookupHash === lookupHash);
  if (match) return match;
  for (const row of rows) {
    if (await verifyPassword(row.passwordHash, normalised, row.userId)) {
      await deps.db.update(appPasswords).set({ lookupHash }).where(eq(appPasswords.id, row.id));
      return row;
    }
  }
  return null;
}

/**
 * Checks an account email and app password (HTTP Basic on CardDAV; docs/sign-in-throttling.md)
 * through `matchAppPassword`. Only verified, undeleted accounts sign in; the account password
 * never does. On success the last use (time, IP, User-Agent) is recorded, at most once a
 * minute.
 *
 * @returns the account and app password, or null when they do not match.
 */
export async function verifyAppPassword(
  deps: Pick<ApiDependencies, 'db' | 'keys' | 'now'>,
  email: string,
  password: string,
  client: { ip: string; userAgent: string | null },
): Promise<AppPasswordUser | null> {
  const match = await matchAppPassword(deps, eq(users.email, email.trim().toLowerCase()), password);
  if (!match) return null;
  const now = deps.now().getTime();
  if (!match.lastUsedAt || now - match.lastUsedAt.getTime() > LAST_USED_WRITE_MS) {
    await deps.db
      .update(appPasswords)
      .set({
        lastUsedAt: deps.now(),
        lastUsedIp: client.ip,
        lastUsedUserAgent: client.userAgent?.slice(0, 300) ?? null,
      })
      .where(eq(appPasswords.id, match.id));
  }
  return { userId: match.userId, appPasswordId: match.id, appPasswordName: match.name };
}

/**
 * Which of the signed-in account's live app passwords `password` is (typed with or without
 * dashes, in any case), checked as CardDAV's sign-in checks it (`matchAppPassword`); its
 * last use is not touched, since no device has used it yet.
 *
 * @returns the app password's id, or null when it is not one of this account's, or revoked.
 */
export async function appPasswordOfAccount(
  deps: Pick<ApiDependencies, 'db' | 'keys'>,
  userId: string,
  password: string,
): Promise<string | null> {
  const match = await matchAppPassword(deps, eq(users.id, userId), password);
  return match?.id ?? null;
}

/** The email an account signs in with, or undefined for an unknown one. */
export async function accountEmail(db: Database, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return user?.email;
}

/** What a person types into their phone to sync (the "Sync with your phone" page). */
export interface DavConnection {
  /** Kith's origin: clients find the rest by discovery (RFC 6764). */
  serverUrl: string;
  davUrl: string;
  bookUrl: string;
  /** The account's email ('' for an unknown account). */
  username: string;
}

/** The account's CardDAV connection details, from PUBLIC_URL. */
export async function davConnection(
  deps: Pick<ApiDependencies, 'db' | 'publicUrl'>,
  userId: string,
): Promise<DavConnection> {
  const origin = new URL(deps.publicUrl).origin;
  return {
    serverUrl: origin,
    davUrl: `${origin}${DAV_ROOT}`,
    bookUrl: `${origin}${paths.book(userId)}`,
    username: (await accountEmail(deps.db, userId)) ?? '',
  };
}
