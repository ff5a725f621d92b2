import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../shared/errors';

/** Budgets per window; the server reads them from RATE_LIMIT_PER_IP and RATE_LIMIT_PER_ACCOUNT. */
export interface RateLimitSettings {
  /** Attempts at sign-in, sign-up, verification and recovery per client IP in one window. */
  perIp: number;
  /** The same attempts per account (email, or user id once known). */
  perAccount: number;
  /** The window, in ms. */
  windowMs: number;
  /** Heavy calls (duplicate scan, import preview, exports) per account in one window. */
  heavyPerAccount?: number;
}

/** OWASP Authentication Cheat Sheet, "Account lockout": throttle by account and by source. */
export const DEFAULT_RATE_LIMITS: Required<RateLimitSettings> = {
  perIp: 100,
  perAccount: 10,
  windowMs: 15 * 60_000,
  heavyPerAccount: 60,
};

/**
 * What a limited procedure spends:
 * - `signIn`: sign-in, sign-up, verification, resend and every recovery step, which guess at
 *   a secret or send mail;
 * - `accountLookup`: recovery's "find your account", which tells whether an email has an
 *   account, so it gets a tenth of the per-IP budget (OWASP "Account enumeration");
 * - `passwordCheck`: a signed-in call that checks the current password (change it, delete
 *   the account), so a stolen session cannot guess it;
 * - `heavy`: signed-in calls whose cost grows with the book;
 * - `appPassword`: wrong CardDAV credentials (issue 18), charged only when they fail, since a
 *   client sends its credentials with every request (`check` before, `consume` after).
 */
export type RatePolicy = 'signIn' | 'accountLookup' | 'passwordCheck' | 'heavy' | 'appPassword';

/** Who a call is charged to: always its client IP, and its account when one is named. */
export interface RateKeys {
  ip: string;
  /** An email (normalised here) or a user id; hashed before it is used as a key. */
  account?: string;
}

/** Charges calls to per-IP and per-account budgets, in memory or in Redis. */
export interface RateLimiter {
  /**
   * Spends one attempt of `policy` from the IP's budget and the account's.
   *
   * @throws TooManyRequestsError (429) naming the wait when either budget is spent.
   */
  consume(policy: RatePolicy, keys: RateKeys): Promise<void>;
  /**
   * Spends nothing, but refuses as `consume` would when the IP's or the account's budget of
   * `policy` is already spent.
   *
   * @throws TooManyRequestsError (429) naming the wait.
   */
  check(policy: RatePolicy, keys: RateKeys): Promise<void>;
  /** Closes the Redis connection, when there is one. */
  close(): Promise<void>;
}

export const TOO_MANY_ATTEMPTS = (wait: string) =>
  `Too many attempts. Please wait ${wait} and try again.`;

/**
 * Builds the limiter with rate-limiter-flexible: counters in this process, or in Redis
 * (`redisUrl`) so every instance shares them. While Redis is unreachable each instance
 * falls back to its own in-memory counters rather than letting every attempt through.
 */
export async function createRateLimiter(
  settings: RateLimitSettings,
  redisUrl?: string,
): Promise<RateLimiter> {
  const redis: Redis | undefined = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, { enableOfflineQueue: false })
    : undefined;
  const duration = Math.max(1, Math.round(settings.windowMs / 1000));
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `kith:${keyPrefix}`,
      points,
      duration,
      insuranceLimiter: memory,
    });
  };
  const heavy = settings.heavyPerAccount ?? DEFAULT_RATE_LIMITS.heavyPerAccount;
  const budgets: Record<RatePolicy, { ip: RateLimiterAbstract; account: RateLimiterAbstract }> = {
    signIn: {
      ip: make('sign-in-ip', settings.perIp),
      account: make('sign-in-account', settings.perAccount),
    },
    accountLookup: {
      ip: make('lookup-ip', Math.max(1, Math.floor(settings.perIp / 10))),
      account: make('lookup-account', settings.perAccount),
    },
    passwordCheck: {
      ip: make('password-ip', settings.perIp),
      account: make('password-account', settings.perAccount),
    },
    heavy: { ip: make('heavy-ip', heavy * 10), account: make('heavy-account', heavy) },
    appPassword: {
      ip: make('app-password-ip', settings.perIp),
      account: make('app-password-account', settings.perAccount),
    },
  };

  return {
    async consume(policy, keys) {
      const budget = budgets[policy];
      await spend(budget.ip, `ip:${keys.ip}`);
      if (keys.account) await spend(budget.account, `account:${accountKey(keys.account)}`);
    },
    async check(policy, keys) {
      const budget = budgets[policy];
      await spent(budget.ip, `ip:${keys.ip}`);
      if (keys.account) await spent(budget.account, `account:${accountKey(keys.account)}`);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

async function spend(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw Object.assign(
        new TooManyRequestsError(TOO_MANY_ATTEMPTS(describeWait(rejection.msBeforeNext))),
        { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) },
      );
    }
    throw rejection;
  }
}

async function spent(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0) {
    throw Object.assign(
      new TooManyRequestsError(TOO_MANY_ATTEMPTS(describeWait(state.msBeforeNext))),
      {
        retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
      },
    );
  }
}

/** Emails in any case or padding count as one account; keys never hold the address itself. */
function accountKey(account: string): string {
  return createHash('sha256').update(account.trim().toLowerCase()).digest('hex');
}

/** 42_000 -> "42 seconds"; 600_000 -> "10 minutes". */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
