import type { FastifyRequest } from 'fastify';
import { verifyAppPassword, type AppPasswordUser } from '../app-passwords/app-passwords.service';
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
 * Who a CardDAV request is from: HTTP Basic with the account email and an app password
 * (issue 18); session cookies and the account password never count. Wrong credentials are
 * charged to the client IP and the account (`appPassword` budgets, like sign-in's), and once
 * either budget is spent every attempt is refused until the window passes, right or wrong
 * (OWASP Authentication Cheat Sheet).
 *
 * @returns the account, or null when there are no or wrong credentials.
 * @throws TooManyRequestsError (429) when the IP's or the account's budget is spent.
 */
export async function authenticateDav(
  deps: Pick<ApiDependencies, 'db' | 'keys' | 'now'>,
  rateLimiter: RateLimiter,
  req: FastifyRequest,
): Promise<AppPasswordUser | null> {
  const credentials = basicCredentials(req.headers.authorization);
  if (!credentials) return null;
  const keys = { ip: req.ip, account: credentials.email };
  await rateLimiter.check('appPassword', keys);
  const user = await verifyAppPassword(deps, credentials.email, credentials.password, {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  });
  if (!user) await rateLimiter.consume('appPassword', keys);
  return user;
}
