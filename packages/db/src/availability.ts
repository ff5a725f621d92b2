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
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
