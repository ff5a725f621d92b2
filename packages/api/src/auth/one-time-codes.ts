import { createHmac, randomInt } from 'node:crypto';
import type { Database } from '@kith/db';
import { schema } from '@kith/db';
import type { InterfaceLocale } from '@kith/validators';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { TooManyRequestsError, ValidationError } from '../shared/errors';

const { oneTimeCodes } = schema;

export type CodePurpose = 'verify_email' | 'recover';

/**
 * 6 digits; a code is valid 10 minutes; 5 wrong tries void it; resend after 120 s
 * (docs/product/limits.md#limits).
 */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 120_000;

export const codeMessages = {
  invalid: 'Invalid code. Please check it and try again.',
  expired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
} as const;

/** The name, password and language submitted with a sign-up, kept with its code. */
export interface SignupCredentials {
  name: string;
  /** argon2id PHC string. */
  passwordHash: string;
  locale: InterfaceLocale | null;
}

/** A code's row as the flows need it. */
export type CodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Creates a new code for the user and purpose, voiding earlier ones, and returns it in the
 * clear (to be mailed; only its HMAC is stored) with its row id. A sign-up's code carries the
 * credentials submitted with it (`signup`), for the account to take when it is entered.
 *
 * @throws TooManyRequestsError when the last code was sent less than 120 s ago.
 */
export async function issueCode(
  db: Database,
  key: Uint8Array,
  userId: string,
  purpose: CodePurpose,
  now: Date,
  signup?: SignupCredentials,
): Promise<{ code: string; id: string }> {
  const waitMs = await cooldownLeft(db, userId, purpose, now);
  if (waitMs > 0) throw new TooManyRequestsError(cooldownMessage(waitMs));

  const code = randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
  return db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
    const [row] = await tx
      .insert(oneTimeCodes)
      .values({
        userId,
        purpose,
        codeHash: hashCode(key, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
        signupName: signup?.name,
        signupPasswordHash: signup?.passwordHash,
        signupLocale: signup?.locale,
      })
      .returning({ id: oneTimeCodes.id });
    return { code, id: row!.id };
  });
}

/** How long, in ms, before another code of this purpose may be sent (0 when it may now). */
export async function cooldownLeft(
  db: Database,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const [last] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return last ? Math.max(0, last.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()) : 0;
}

/** The message a refused resend shows, for `waitMs` more ms. */
export function cooldownError(waitMs: number): TooManyRequestsError {
  return new TooManyRequestsError(cooldownMessage(waitMs));
}

/** Forgets a code whose mail could not be sent, so the person may ask again at once. */
export async function withdrawCode(db: Database, id: string): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/** Which code a guess is checked against: one row by id, else the user's newest live one. */
export interface CodeTarget {
  userId: string;
  purpose: CodePurpose;
  /** The row a browser's sealed cookie names; the guess is only checked against it. */
  id?: string;
}

/**
 * Checks a guess against the target code in one conditional UPDATE, which counts a wrong
 * try and marks a right one in the same statement, so parallel guesses can never try more
 * than five codes between them: PostgreSQL serialises updates of the row and re-checks
 * `attempts < 5` against each one's result (OWASP Authentication Cheat Sheet).
 * A right guess sets `consumedAt`, or only `verifiedAt` with `mark: 'verified'` (recovery
 * step 3, whose reset consumes it later with `consumeVerifiedCode`).
 *
 * @returns the code's row after the update.
 * @throws ValidationError (400) for a wrong, expired, used or exhausted code; the fifth wrong
 *   try voids the code.
 */
export async function checkCode(
  db: Database,
  key: Uint8Array,
  target: CodeTarget,
  guess: string,
  now: Date,
  mark: 'consumed' | 'verified' = 'consumed',
): Promise<CodeRow> {
  const hash = hashCode(key, guess);
  const matches = sql`${oneTimeCodes.codeHash} = ${hash}`;
  const row = target.id ? eq(oneTimeCodes.id, target.id) : eq(oneTimeCodes.id, newestLive(target));
  const attempts = sql`${oneTimeCodes.attempts} + case when ${matches} then 0 else 1 end`;
  const markedAt = sql`case when ${matches} then ${now.toISOString()}::timestamptz end`;
  const [updated] = await db
    .update(oneTimeCodes)
    .set(
      mark === 'consumed' ? { attempts, consumedAt: markedAt } : { attempts, verifiedAt: markedAt },
    )
    .where(
      and(
        row,
        eq(oneTimeCodes.userId, target.userId),
        eq(oneTimeCodes.purpose, target.purpose),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.verifiedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!updated) throw await whyRefused(db, target, now);
  if (updated.codeHash === hash) return updated;
  const message =
    updated.attempts >= CODE_MAX_ATTEMPTS ? codeMessages.tooManyTries : codeMessages.invalid;
  throw new ValidationError(message, { otp: [message] });
}

/**
 * Consumes a recovery code that step 3 verified, once: the reset of step 4 can never be
 * replayed. The verified state lasts `ttlMs` from the verification.
 *
 * @returns false when the code is unknown, not verified, already consumed or too old.
 */
export async function consumeVerifiedCode(
  db: Database,
  target: Required<CodeTarget>,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.id, target.id),
        eq(oneTimeCodes.userId, target.userId),
        eq(oneTimeCodes.purpose, target.purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.verifiedAt, new Date(now.getTime() - ttlMs)),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return used.length > 0;
}

/** The code a person may be holding: by id, or the newest live one of the user and purpose. */
export async function findCode(db: Database, target: CodeTarget): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      target.id
        ? and(eq(oneTimeCodes.id, target.id), eq(oneTimeCodes.userId, target.userId))
        : eq(oneTimeCodes.id, newestLive(target)),
    );
  return row;
}

function newestLive(target: CodeTarget) {
  return sql`(${sql`select id from ${oneTimeCodes}
    where user_id = ${target.userId} and purpose = ${target.purpose} and consumed_at is null
    order by created_at desc limit 1`})`;
}

/** The error for a guess the UPDATE did not touch: why the code cannot be used. */
async function whyRefused(db: Database, target: CodeTarget, now: Date): Promise<ValidationError> {
  const row = await findCode(db, target);
  const message = !row
    ? codeMessages.invalid
    : row.consumedAt || row.verifiedAt
      ? codeMessages.invalid
      : row.attempts >= CODE_MAX_ATTEMPTS
        ? codeMessages.tooManyTries
        : row.expiresAt <= now
          ? codeMessages.expired
          : codeMessages.invalid;
  return new ValidationError(message, { otp: [message] });
}

/** "Please wait 1:45 before asking for a new code." */
function cooldownMessage(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const mmss = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return `Please wait ${mmss} before asking for a new code.`;
}

/**
 * HMAC, not a bare hash: a million possible codes would fall to a lookup table otherwise.
 * `checkCode` compares HMACs in SQL, not in constant time; the timing of a comparison of
 * keyed hashes tells a guesser nothing about the code.
 */
function hashCode(key: Uint8Array, code: string): string {
  return createHmac('sha256', key).update(code).digest('hex');
}
