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
 * What a limited call spends (docs/sign-in-throttling.md):
 * - `signIn`: a guess at an account's secret from a browser the account has not signed in
 *   from (the password, a verification or recovery code, the recovery's last step);
 * - `knownDevice`: a password guess from a browser holding a device cookie of that account,
 *   charged to that browser alone, so a stranger's failures never lock its owner out (OWASP
 *   Authentication Cheat Sheet, "Slow down online guessing attacks with device cookies");
 * - `mail`: steps that send a code by mail (sign-up, resend, recovery's "send code");
 * - `accountLookup`: recovery's "find your account", which tells whether an email has an
 *   account, so it gets a tenth of the per-IP budget (OWASP "Account enumeration");
 * - `secondFactor`: a guess at an account's second factor (an authenticator code, a recovery
 *   code, a passkey's answer) while signing in or confirming a change, charged to the account
 *   whatever the browser, so the password alone never buys unlimited guesses at 6 digits
 *   (OWASP Multifactor Authentication Cheat Sheet);
 * - `challenge`: asking for a WebAuthn challenge, which the server keeps until it is answered or
 *   expires, so each is spent whether or not it is answered (no one can fill the store);
 * - `apiToken`: a Bearer token that names no live token, charged to the client IP only (a
 *   token has 256 bits: no account needs locking), never to anyone's sign-in;
 * - `passwordCheck`: a signed-in call that checks the current password (change it, delete
 *   the account), so a stolen session cannot guess it;
 * - `heavy`: signed-in calls whose cost grows with the book;
 * - `appPassword`: CardDAV credentials, charged to the client IP only: an app password has
 *   80 bits, so no account needs locking, and a stranger's guesses cannot stop a phone.
 */
export type RatePolicy =
  | 'signIn'
  | 'knownDevice'
  | 'secondFactor'
  | 'challenge'
  | 'apiToken'
  | 'mail'
  | 'accountLookup'
  | 'passwordCheck'
  | 'heavy'
  | 'appPassword';

/**
 * Policies that guess at a secret: an attempt is charged before the secret is checked, so a
 * burst sent at once cannot outrun the budget, and given back when it succeeds, so only
 * failures are counted (docs/sign-in-throttling.md).
 */
const REFUNDED_ON_SUCCESS: ReadonlySet<RatePolicy> = new Set([
  'signIn',
  'knownDevice',
  'secondFactor',
  'passwordCheck',
  'appPassword',
]);

/**
 * Who a call is charged to: its client IP and its account, where the policy keeps a budget
 * for each (`appPassword` has no account budget; `knownDevice` no IP budget, and its
 * "account" is the device cookie's nonce).
 */
export interface RateKeys {
  ip?: string;
  /** An email (normalised here), a user id or a device nonce; hashed before use as a key. */
  account?: string;
}

/** One charged attempt. */
export interface RateAttempt {
  /**
   * Reports that the attempt succeeded: policies that count only failures give the charge
   * back; the others keep it.
   */
  succeeded(): Promise<void>;
}

/** Charges calls to per-IP and per-account budgets, in memory or in Redis. */
export interface RateLimiter {
  /**
   * Spends one attempt of `policy` from the IP's budget and the account's, before the call
   * runs. Counters are incremented atomically (Redis `INCR` or one process's memory), so
   * attempts sent together are counted one by one.
   *
   * @throws TooManyRequestsError (429) naming the wait when either budget is spent.
   */
  consume(policy: RatePolicy, keys: RateKeys): Promise<RateAttempt>;
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
  const budgets: Record<RatePolicy, { ip?: RateLimiterAbstract; account?: RateLimiterAbstract }> = {
    signIn: {
      ip: make('sign-in-ip', settings.perIp),
      account: make('sign-in-account', settings.perAccount),
    },
    knownDevice: { account: make('known-device', settings.perAccount) },
    secondFactor: {
      ip: make('second-factor-ip', settings.perIp),
      account: make('second-factor-account', settings.perAccount),
    },
    challenge: { ip: make('challenge-ip', settings.perIp) },
    apiToken: { ip: make('api-token-ip', settings.perIp) },
    mail: {
      ip: make('mail-ip', settings.perIp),
      account: make('mail-account', settings.perAccount),
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
    appPassword: { ip: make('app-password-ip', settings.perIp) },
  };

  return {
    async consume(policy, keys) {
      const budget = budgets[policy];
      const spentFrom: [RateLimiterAbstract, string][] = [];
      if (budget.ip && keys.ip !== undefined) spentFrom.push([budget.ip, `ip:${keys.ip}`]);
      if (budget.account && keys.account) {
        spentFrom.push([budget.account, `account:${accountKey(keys.account)}`]);
      }
      for (const [limiter, key] of spentFrom) await spend(limiter, key);
      const refunds = REFUNDED_ON_SUCCESS.has(policy);
      return {
        async succeeded() {
          if (!refunds) return;
          await Promise.all(spentFrom.map(([limiter, key]) => limiter.reward(key, 1)));
        },
      };
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
