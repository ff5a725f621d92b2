import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@kith/db';
import { schema } from '@kith/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { TooManyRequestsError, ValidationError } from '../errors';

const { oneTimeCodes } = schema;

export type CodePurpose = 'verify_email' | 'recover';

/** SPEC §9: 6 digits; a code is valid 10 minutes; 5 wrong tries void it; resend after 120 s. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 120_000;

export const codeMessages = {
  invalid: 'Invalid code. Please check it and try again.',
  expired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
} as const;

/**
 * Creates a new code for the user and purpose, voiding earlier ones, and returns it in the
 * clear (to be mailed; only its hash is stored).
 *
 * @throws TooManyRequestsError when the last code was sent less than 120 s ago.
 */
export async function issueCode(
  db: Database,
  key: Uint8Array,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<{ code: string; id: string }> {
  const [last] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (last) {
    const waitMs = last.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime();
    if (waitMs > 0) throw new TooManyRequestsError(cooldownMessage(waitMs));
  }

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
      })
      .returning({ id: oneTimeCodes.id });
    return { code, id: row!.id };
  });
}

/** Forgets a code whose mail could not be sent, so the person may ask again at once. */
export async function withdrawCode(db: Database, id: string): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/**
 * Checks a code against the newest live one and consumes it when it matches.
 *
 * @throws ValidationError (400) for a wrong, expired, used or exhausted code; each wrong try
 *   counts, and the fifth voids the code.
 */
export async function consumeCode(
  db: Database,
  key: Uint8Array,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row) throw new ValidationError(codeMessages.invalid, { otp: [codeMessages.invalid] });
  if (row.expiresAt <= now)
    throw new ValidationError(codeMessages.expired, { otp: [codeMessages.expired] });
  if (row.attempts >= CODE_MAX_ATTEMPTS) {
    throw new ValidationError(codeMessages.tooManyTries, { otp: [codeMessages.tooManyTries] });
  }

  if (!sameHash(row.codeHash, hashCode(key, code))) {
    const attempts = row.attempts + 1;
    await db.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
    const message =
      attempts >= CODE_MAX_ATTEMPTS ? codeMessages.tooManyTries : codeMessages.invalid;
    throw new ValidationError(message, { otp: [message] });
  }

  // Consume only if nobody consumed it in between: a code works once, even under a race.
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (consumed.length === 0)
    throw new ValidationError(codeMessages.invalid, { otp: [codeMessages.invalid] });
}

/** "Please wait 1:45 before asking for a new code." */
function cooldownMessage(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const mmss = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return `Please wait ${mmss} before asking for a new code.`;
}

/** HMAC, not a bare hash: a million possible codes would fall to a lookup table otherwise. */
function hashCode(key: Uint8Array, code: string): string {
  return createHmac('sha256', key).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
