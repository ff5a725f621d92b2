/**
 * Error codes that mean "the database is not reachable right now", not "the query was
 * wrong": Node socket errors, postgres.js connection errors, and PostgreSQL's SQLSTATE
 * classes 08 (connection exception) and 57P (operator intervention: shutdown, restart).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * Whether an error (or any error in its `cause` chain, as Drizzle wraps driver errors) says
 * the database cannot be reached, so the caller can answer 503 and try again later rather
 * than report a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some((code) => UNAVAILABLE_CODES.has(code) || code.startsWith('08'));
}

/**
 * Whether an error (or one in its `cause` chain) is PostgreSQL's unique_violation (SQLSTATE
 * 23505), from postgres.js or PGlite: a row clashed with a unique index.
 */
export function isUniqueViolation(error: unknown): boolean {
  return errorCodes(error).includes('23505');
}

/**
 * Whether an error (or one in its `cause` chain) is PostgreSQL's foreign_key_violation
 * (SQLSTATE 23503), from postgres.js or PGlite: the row a new row refers to is gone.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return errorCodes(error).includes('23503');
}

/**
 * Whether an error (or one in its `cause` chain) is a conflict between concurrent
 * transactions that PostgreSQL resolved by aborting this one: SQLSTATE 40P01
 * (deadlock_detected) or 40001 (serialization_failure). Nothing was written; running the
 * whole transaction again is the documented remedy (PostgreSQL manual, "Serialization
 * Failure Handling").
 */
export function isRetryableConflict(error: unknown): boolean {
  return errorCodes(error).some((code) => code === '40P01' || code === '40001');
}

/**
 * Whether an error (or one in its `cause` chain) says a text value cannot be stored:
 * PostgreSQL's SQLSTATE 22021 (a NUL byte in text) or 22P05 (`\u0000` in jsonb). PostgreSQL
 * text cannot hold NUL; the input was wrong, not the query.
 */
export function isUnstorableText(error: unknown): boolean {
  return errorCodes(error).some((code) => code === '22021' || code === '22P05');
}

/** The string `code`s along an error's `cause` chain (at most 8 deep). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') break;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}
