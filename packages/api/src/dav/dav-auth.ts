import type { FastifyRequest } from 'fastify';
import { type AppPasswordUser, verifyAppPassword } from '../app-passwords';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import type { ApiDependencies } from '../trpc/context';

/** The challenge of a 401 (RFC 7617): Basic, UTF-8 credentials. */
export const BASIC_CHALLENGE = 'Basic realm="Kith", charset="UTF-8"';

/** Email and password of an `Authorization: Basic` header, or null without one. */
export function basicCredentials(
  header: string | undefined,
): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Who a CardDAV request is from: HTTP Basic with the account email and an app password;
 * session cookies and the account password never count. Each attempt is charged to the
 * client IP before the password is checked (so guesses raced in one burst are each counted)
 * and given back when it succeeds, so only failures spend the budget. Nothing is charged to
 * the account: an 80-bit app password needs no account lockout, and a stranger's guesses
 * must not stop the owner's phone (docs/sign-in-throttling.md).
 *
 * @returns the account, or null when there are no or wrong credentials.
 * @throws TooManyRequestsError (429) when the IP's budget is spent.
 */
export async function authenticateDav(
  deps: Pick<ApiDependencies, 'db' | 'keys' | 'now'>,
  rateLimiter: RateLimiter,
  req: FastifyRequest,
): Promise<AppPasswordUser | null> {
  const credentials = basicCredentials(req.headers.authorization);
  if (!credentials) return null;
  const attempt = await rateLimiter.consume('appPassword', { ip: req.ip });
  const user = await verifyAppPassword(deps, credentials.email, credentials.password, {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  });
  if (user) await attempt.succeeded();
  return user;
}
