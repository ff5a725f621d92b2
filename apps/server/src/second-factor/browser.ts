import {
  createCaller,
  createRateLimiter,
  type Context,
  type RateLimiter,
  type RateLimitSettings,
} from '@kith/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TestApp } from '../test-support/test-app';

/** A browser's User-Agent, so sign-in mails have a browser to name. */
export const FIREFOX_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Limits so generous that a test not about them never meets one. */
const RELAXED: RateLimitSettings = { perIp: 1e6, perAccount: 1e6, windowMs: 60_000 };

/** One cookie the server set, as a browser would store it. */
export interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  httpOnly?: boolean;
}

/**
 * The procedures as one browser calls them, in-process (ARCHITECTURE.md "A test"): a cookie jar
 * the server's `setCookie` and `clearCookie` write and every later call sends back, as a browser
 * does, without HTTP. The sign-in flows of the second factor live in cookies (the pending
 * sign-in, the session, the step-up, the known device), so this is what their tests walk with.
 *
 * `rateLimiter`: the server's limiter, to share between browsers; else `rateLimits`, the
 * budgets of this browser's own limiter (generous by default). `userAgent` and `ip`: what the
 * server reads of the browser.
 */
export function browser(
  t: TestApp,
  options: {
    rateLimiter?: RateLimiter;
    rateLimits?: RateLimitSettings;
    userAgent?: string;
    ip?: string;
  } = {},
) {
  const jar: Record<string, string> = {};
  /** The response headers set, by name, the latest value (`Retry-After`). */
  const headers: Record<string, string> = {};
  /** Every cookie set, oldest first (cleared ones too, with an empty value). */
  const setCookies: SetCookie[] = [];
  const req = {
    cookies: jar,
    headers: { 'user-agent': options.userAgent ?? FIREFOX_ON_LINUX },
    ip: options.ip ?? '203.0.113.7',
  } as unknown as FastifyRequest;
  const reply = {
    setCookie(name: string, value: string, opts: { maxAge?: number; httpOnly?: boolean } = {}) {
      setCookies.push({ name, value, maxAge: opts.maxAge, httpOnly: opts.httpOnly });
      if (value === '' || opts.maxAge === 0) delete jar[name];
      else jar[name] = value;
      return reply;
    },
    clearCookie(name: string) {
      setCookies.push({ name, value: '', maxAge: 0 });
      delete jar[name];
      return reply;
    },
    header(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  let caller: ReturnType<typeof createCaller> | undefined;
  return {
    jar,
    headers,
    setCookies,
    /** The procedures, with this browser's cookies. */
    async api() {
      if (!caller) {
        const rateLimiter =
          options.rateLimiter ?? (await createRateLimiter(options.rateLimits ?? RELAXED));
        const context: Context = { ...t.deps, rateLimiter, req, reply };
        caller = createCaller(context);
      }
      return caller;
    },
    /** Whether this browser holds a session (its access token). */
    signedIn: () => 'access_token' in jar,
    /** The names of the cookies set since `from` (an index into `setCookies`) with a value. */
    setSince: (from: number) =>
      setCookies
        .slice(from)
        .filter((c) => c.value !== '')
        .map((c) => c.name),
  };
}

/** A browser of `browser()`. */
export type Browser = ReturnType<typeof browser>;
