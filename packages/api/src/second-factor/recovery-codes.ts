import { createHmac, randomInt } from 'node:crypto';
import { schema, type Database } from '@kith/db';
import { and, count, eq, isNull } from 'drizzle-orm';

const { recoveryCodes } = schema;

/** How many codes one set holds (docs/sign-in-security.md#recovery-codes). */
export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits no one confuses when copying from paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new code: 10 random characters of the 31 above (49 bits), written `xxxxx-xxxxx`. */
function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A code as typed, whatever its case, spaces or dashes, hashed for lookup. */
function codeHash(key: Uint8Array, code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', key).update(`recovery:${normalised}`).digest('base64url');
}

/**
 * Replaces the account's recovery codes with a new set of RECOVERY_CODE_COUNT, keeping only
 * their HMACs (OWASP Multifactor Authentication Cheat Sheet, "recovery codes").
 *
 * @returns the codes in clear, shown to the person once.
 */
export async function replaceRecoveryCodes(
  db: Database,
  key: Uint8Array,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: codeHash(key, code), createdAt: now })));
  });
  return codes;
}

/**
 * Spends one recovery code: marks it used in the same statement that finds it, so two racing
 * uses of one code cannot both succeed.
 *
 * @returns how many unused codes are left, or null when the code is not one of the account's
 *   unused codes.
 */
export async function spendRecoveryCode(
  db: Database,
  key: Uint8Array,
  userId: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash(key, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!spent) return null;
  return unusedRecoveryCodes(db, userId);
}

/** How many of the account's recovery codes are still unused. */
export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Forgets the account's recovery codes (its last factor was turned off). */
export async function deleteRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
