import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS } from '@kith/api';

/**
 * Every environment variable the server reads, validated once at start (the README's
 * Configuration table). Nothing else in the code reads `process.env`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url().optional(),
  /**
   * How DATABASE_URL reaches PostgreSQL (docs/deployment.md#behind-pgbouncer): `session`, a
   * connection of its own per client connection (PostgreSQL itself, or a pooler in session
   * mode); `transaction`, a pooler such as PgBouncer in transaction mode, which hands each
   * transaction whichever server connection is free.
   */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  /** A URL straight to PostgreSQL for migrations and LISTEN, beside a transaction pooler. */
  DATABASE_DIRECT_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, { error: 'APP_SECRET must be at least 32 characters' }).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Kith <no-reply@kith.localhost>'),
  REDIS_URL: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Sign-in, sign-up and recovery attempts per client IP in 15 minutes (OWASP throttling). */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.perIp),
  /** The same per account (email). */
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS.perAccount),
  /**
   * After SIGTERM, how long the server goes on answering while `/api/health` says 503, in ms,
   * so a load balancer takes it out of rotation before it closes (docs/deployment.md, "How the
   * process works"): longer than the balancer's checks need to mark it down. 0 (the default,
   * one server with no balancer) closes at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Which proxies' X-Forwarded-For and X-Forwarded-Proto to believe: unset or `false`, none
   * (the client's own address counts); else a comma-separated list of proxy addresses, CIDR
   * ranges or proxy-addr's names (`loopback`, `uniquelocal`). `true` (believe anyone) is
   * refused: it lets any client pick its address and so its rate-limit budget;
   * so is a hop count, which Fastify 5 ignores because it cannot tell a proxy from a client.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => value !== 'true', {
      error: 'true would trust any client; give the addresses of your proxies',
    })
    .refine((value) => !/^\d+$/.test(value), {
      error: 'a hop count cannot tell a proxy from a client; give the addresses of your proxies',
    })
    .optional(),
  /**
   * Origins other than PUBLIC_URL whose pages may call the API with an API token
   * (docs/api-tokens.md#from-another-site): comma-separated, each `scheme://host[:port]`.
   */
  CORS_ORIGINS: z
    .string()
    .trim()
    .refine(
      (value) =>
        value.split(',').every((origin) => {
          try {
            return new URL(origin.trim()).origin === origin.trim();
          } catch {
            return false;
          }
        }),
      { error: 'give origins like https://app.example.org, comma-separated, no path' },
    )
    .optional(),
  /** Serve the API documentation page at /api/docs in production too. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SERVE_WEB: z.enum(['true', 'false']).optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<
  RawEnv,
  | 'DATA_DIR'
  | 'PUBLIC_URL'
  | 'WEB_DIST_DIR'
  | 'SERVE_WEB'
  | 'TRUST_PROXY'
  | 'API_DOCS'
  | 'CORS_ORIGINS'
> {
  DATA_DIR: string;
  /** The origin people reach the app at; state-changing requests from any other are refused. */
  PUBLIC_URL: string;
  /** The built web app, served when SERVE_WEB is on and it exists. */
  WEB_DIST_DIR: string;
  /** Serve the built web app; on by default in production, and for `pnpm serve` (Quick start). */
  SERVE_WEB: boolean;
  /** Fastify's `trustProxy`: false, or the proxies' addresses. */
  TRUST_PROXY: false | string;
  /** Origins allowed to call the API with a token from their pages (CORS); none by default. */
  CORS_ORIGINS: string[];
  /** Serve /api/docs: always in development, in production only with API_DOCS=true. */
  API_DOCS: boolean;
}

/** Raised for a variable that is required but unset: the process prints it and exits 1. */
export class MissingEnvError extends Error {
  constructor(readonly variable: string) {
    super(`Missing environment variable: ${variable}`);
  }
}

/** Raised for a variable that is set to something unusable. */
export class InvalidEnvError extends Error {}

/**
 * Parses and completes the environment.
 *
 * @param source the variables, `process.env` by default.
 * @throws MissingEnvError when production runs without `APP_SECRET`.
 * @throws InvalidEnvError naming the variable and the reason when a value is malformed.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(stripEmpty(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidEnvError(
      `Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`,
    );
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && !raw.APP_SECRET) throw new MissingEnvError('APP_SECRET');
  checkDatabaseSettings(raw);

  const root = findRepoRoot(process.cwd());
  return {
    ...raw,
    DATA_DIR: resolve(raw.DATA_DIR ?? join(root, '.data')),
    PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    WEB_DIST_DIR: resolve(raw.WEB_DIST_DIR ?? join(root, 'apps/web/dist')),
    SERVE_WEB: raw.SERVE_WEB ? raw.SERVE_WEB === 'true' : raw.NODE_ENV === 'production',
    TRUST_PROXY: trustProxy(raw.TRUST_PROXY),
    API_DOCS: raw.API_DOCS ? raw.API_DOCS === 'true' : raw.NODE_ENV !== 'production',
    CORS_ORIGINS: raw.CORS_ORIGINS
      ? raw.CORS_ORIGINS.split(',').map((origin) => origin.trim())
      : [],
  };
}

/**
 * The pooler settings only make sense together (docs/deployment.md#behind-pgbouncer): both
 * describe DATABASE_URL, and a direct URL without transaction mode would leave the app's
 * own connections preparing named statements through a pooler that loses them.
 *
 * @throws InvalidEnvError naming the variable and what to set instead.
 */
function checkDatabaseSettings(raw: RawEnv): void {
  if (!raw.DATABASE_URL && (raw.DATABASE_POOL_MODE === 'transaction' || raw.DATABASE_DIRECT_URL)) {
    const variable = raw.DATABASE_DIRECT_URL ? 'DATABASE_DIRECT_URL' : 'DATABASE_POOL_MODE';
    throw new InvalidEnvError(
      `Invalid environment variable ${variable}: it describes DATABASE_URL, which is unset (the embedded database needs neither)`,
    );
  }
  if (raw.DATABASE_DIRECT_URL && raw.DATABASE_POOL_MODE !== 'transaction') {
    throw new InvalidEnvError(
      'Invalid environment variable DATABASE_DIRECT_URL: it is for a DATABASE_URL that goes through a transaction pooler; set DATABASE_POOL_MODE=transaction too, or leave DATABASE_DIRECT_URL unset',
    );
  }
}

function trustProxy(value: string | undefined): false | string {
  return !value || value === 'false' ? false : value;
}

/** Treats `FOO=` like an unset FOO, as people expect from a `.env` file. */
function stripEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The workspace root (the folder holding pnpm-workspace.yaml), else the start folder. */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
