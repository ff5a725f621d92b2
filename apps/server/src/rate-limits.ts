import { createHash } from 'node:crypto';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface RateLimitSettings {
  /** Attempts at sign-in, sign-up and recovery per client IP in one window. */
  perIp: number;
  /** Attempts per account (email, or the recovery cookie) in one window. */
  perAccount: number;
  /** The window, in ms. */
  windowMs: number;
}

/** OWASP Authentication Cheat Sheet: throttle by account and by source. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perIp: 100,
  perAccount: 10,
  windowMs: 15 * 60_000,
};

export const TOO_MANY_ATTEMPTS = (after: string) =>
  `Too many attempts. Please wait ${after} and try again.`;

/** tRPC procedures that guess at secrets or send mail. */
const LIMITED_PROCEDURES = /^(auth\.(signup|verify|resend|login)|recover\.\w+)$/;
/** The same steps on REST (SPEC §7). */
const LIMITED_REST = /^\/api\/v1\/auth\/(signup|verify|resend|login|recover\/.+)$/;

/**
 * Rate-limits login, sign-up, verification and every recovery step with @fastify/rate-limit,
 * per IP and per account, in memory or in Redis (`redisUrl`) so several instances share counts.
 * A refused request answers 429 with a clear message (on tRPC, as a tRPC error).
 */
export async function registerAuthRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redisUrl?: string,
): Promise<void> {
  const redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  const base: RateLimitPluginOptions = {
    global: false,
    redis,
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(TOO_MANY_ATTEMPTS(context.after)), { statusCode: 429 }),
  };

  const perIp = await createLimiter(app, {
    ...base,
    nameSpace: 'kith-auth-ip-',
    max: settings.perIp,
    timeWindow: settings.windowMs,
  });
  const perAccount = await createLimiter(app, {
    ...base,
    nameSpace: 'kith-auth-account-',
    max: settings.perAccount,
    timeWindow: settings.windowMs,
    keyGenerator: (req) => accountKey(req) ?? `ip:${req.ip}`,
  });

  app.addHook('preHandler', async (req, reply) => {
    if (!isLimited(req)) return;
    await perIp.call(app, req, reply);
    if (accountKey(req)) await perAccount.call(app, req, reply);
  });
}

type Hook = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Each registration of the plugin keeps its own counters, so two give two independent limits. */
async function createLimiter(app: FastifyInstance, options: RateLimitPluginOptions): Promise<Hook> {
  let hook: Hook | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, options);
    hook = scope.rateLimit(options) as Hook;
  });
  return hook!;
}

function isLimited(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0] ?? '';
  if (path.startsWith('/api/trpc/')) {
    return procedureNames(path).some((name) => LIMITED_PROCEDURES.test(name));
  }
  return LIMITED_REST.test(path);
}

/** `/api/trpc/auth.login,auth.check` -> ['auth.login', 'auth.check']. */
export function procedureNames(path: string): string[] {
  return decodeURIComponent(path.slice('/api/trpc/'.length)).split(',');
}

/**
 * Which account a request is about: the email in its body (REST, or any call of a tRPC
 * batch), else the recovery cookies that stand for the account; hashed, never stored raw.
 */
function accountKey(req: FastifyRequest): string | null {
  const email = findEmail(req.body);
  const cookies = req.cookies ?? {};
  const subject = email ?? cookies.recovery ?? cookies.user ?? cookies.v_ue;
  return subject ? createHash('sha256').update(subject).digest('hex') : null;
}

function findEmail(body: unknown, depth = 0): string | null {
  if (!body || typeof body !== 'object' || depth > 3) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.email === 'string') return record.email.trim().toLowerCase();
  for (const value of Object.values(record)) {
    const found = findEmail(value, depth + 1);
    if (found) return found;
  }
  return null;
}
