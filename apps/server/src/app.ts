import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {
  appRouter,
  checkHealth,
  createContextFactory,
  INTERNAL_ERROR_MESSAGE,
  mapErrorToResponse,
  restApiPlugin,
  dataExportPlugin,
  importUploadPlugin,
  davPlugin,
  DAV_METHODS,
  appleProfilePlugin,
  photosPlugin,
  remindersPlugin,
  restRoutes,
  type ApiDependencies,
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  TRPC_MAX_BATCH_SIZE,
  type RateLimitSettings,
  cookieNames,
  isRecentAccessToken,
  SESSION_ABSOLUTE_TTL_MS,
} from '@kith/api';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { anonymousBodyCap } from './anonymous-body-cap';
import { closeConnectionsOnClose, type Lifecycle } from './closing-connections';
import type { Env } from './env';
import { originGuard } from './origin-guard';
import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import { sendTrpcShapedError } from './trpc-errors';
import { registerTrpcRoute } from './trpc-route';

export interface AppOptions {
  env: Env;
  deps: ApiDependencies;
  /** Serve the built web app with an SPA fallback (production). */
  serveWeb?: boolean;
  /** Limits on sign-in, sign-up and recovery; tests lower or raise them. */
  rateLimits?: RateLimitSettings;
  /**
   * Called after each CardDAV write that succeeded (PUT, DELETE), so the server looks for sync
   * alerts within seconds rather than at the next minute's job (`syncAlertsSoon`).
   */
  onDavWrite?: () => void;
  /** Set `leaving` during the shutdown delay: health answers 503, connections close. */
  lifecycle?: Lifecycle;
}

/** Largest JSON body accepted, in bytes; uploads have their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;
/** Largest tRPC body, in bytes: room for a 5 MB image in base64. */
const TRPC_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Builds the Fastify app: security headers, the Origin check, `/api/health`, tRPC at
 * `/api/trpc`, REST at `/api/v1` (described at `/api/v1/openapi.json` and `/api/docs`),
 * photos at `/uploads` (signed links only), and the built web app when `serveWeb`.
 * Does not listen.
 */
export async function buildApp({
  env,
  deps,
  serveWeb = false,
  rateLimits = DEFAULT_RATE_LIMITS,
  onDavWrite,
  lifecycle,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    bodyLimit: JSON_BODY_LIMIT,
    // tRPC batches put every procedure name in the path.
    routerOptions: { maxParamLength: 5000 },
    // Only the configured proxies may say who the client is (TRUST_PROXY); anyone else's
    // X-Forwarded-For would pick its own rate-limit budget.
    trustProxy: env.TRUST_PROXY || false,
  });
  // On close, requests in flight are answered and then their connections closed, so a shutdown
  // ends with them rather than with the clients' keep-alive.
  closeConnectionsOnClose(app, lifecycle);

  // helmet's security headers, worked out once (`helmetHeaders`): @fastify/helmet built its
  // middleware, CSP parsing included, for every request, and running even one made costs
  // about 25 µs a request. Set on the raw answer, as helmet does, so streamed answers carry them.
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: { directives: contentSecurityPolicy },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  // gzip for the API's text answers over 1 KB (long contact lists travel several times
  // smaller). Brotli is left out: too slow on every request. The web app's files come
  // compressed from the build (preCompressed below), and a compressed answer is not compressed again.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip'] });
  // Pages of the origins in CORS_ORIGINS may call the API with a token (docs/api-tokens.md).
  await app.register(fastifyCors, { delegator: corsFor(env.CORS_ORIGINS) });
  app.addHook('onRequest', originGuard(allowedOrigins(env)));
  await app.register(fastifyCookie);
  // Strangers may send a few KB to the API; a signed-in person up to each route's own limit.
  app.addHook(
    'preParsing',
    anonymousBodyCap((req) =>
      isRecentAccessToken(
        deps.keys.accessToken,
        req.cookies[cookieNames.accessToken],
        deps.now(),
        SESSION_ABSOLUTE_TTL_MS,
      ),
    ),
  );
  const rateLimiter = await createRateLimiter(rateLimits, env.REDIS_URL);
  app.addHook('onClose', () => rateLimiter.close());
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) req.log.error({ err: error }, 'unexpected error');
    const message = status >= 500 ? INTERNAL_ERROR_MESSAGE : error.message;
    if (req.url.startsWith('/api/trpc/')) return sendTrpcShapedError(req, reply, status, message);
    return reply.status(status).send({ success: false, message, data: null });
  });

  const createContext = createContextFactory(deps, rateLimiter);

  app.get('/api/health', async (req, reply) => {
    // A server on its way out says so first, while it still answers everything else.
    if (lifecycle?.leaving) return reply.status(503).send({ status: 'stopping' });
    try {
      return await checkHealth(deps.db, deps.dbKind);
    } catch (error) {
      const mapped = mapErrorToResponse(error);
      return reply.status(mapped.status).send({ status: 'error', message: mapped.body.message });
    }
  });

  await app.register(async (trpcScope) => {
    // Image uploads travel base64-encoded in tRPC bodies: 5 MB of bytes is ~6.7 MB of JSON.
    // A route's own limit wins over its parser's, so the tRPC routes get theirs here too.
    trpcScope.addHook('onRoute', (route) => {
      route.bodyLimit = TRPC_BODY_LIMIT;
    });
    // tRPC parses the body itself (superjson on JSON.parse); Fastify only reads it, as text.
    trpcScope.removeContentTypeParser('application/json');
    trpcScope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: TRPC_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    registerTrpcRoute(trpcScope, '/api/trpc', {
      router: appRouter,
      createContext,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error, path }, 'tRPC error');
      },
    });
  });

  await app.register(restApiPlugin, { prefix: '/api/v1', routes: restRoutes, createContext });
  await app.register(dataExportPlugin, { deps, rateLimiter });
  await app.register(importUploadPlugin, { deps, rateLimiter });
  await app.register(appleProfilePlugin, { deps });
  // Swagger UI and its packages are loaded only where the page is served: production leaves
  // it off unless API_DOCS=true (docs/performance.md#memory).
  if (env.API_DOCS) await (await import('./api-docs')).registerApiDocs(app);

  await app.register(photosPlugin, { deps });
  await app.register(remindersPlugin, { deps });
  // CardDAV for phones and desktop address books, with its own body parsing and
  // DAV:error answers.
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  if (onDavWrite) {
    app.addHook('onResponse', async (req, reply) => {
      const write = req.method === 'PUT' || req.method === 'DELETE';
      if (write && reply.statusCode < 300 && req.url.startsWith('/dav/')) onDavWrite();
    });
  }
  await app.register(davPlugin, { deps, rateLimiter });

  if (serveWeb && existsSync(join(env.WEB_DIST_DIR, 'index.html'))) {
    await registerWebApp(app, env.WEB_DIST_DIR);
  } else {
    app.setNotFoundHandler((req, reply) => {
      void reply
        .status(404)
        .send({ success: false, message: `Not found: ${req.method} ${req.url}` });
    });
  }
  return app;
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated (the
 * service worker `sw.js` and the web manifest included, so a new release reaches an installed
 * app at its next start: docs/offline.md#installing), and any unknown GET that asks for HTML
 * answered with index.html so client routes load.
 */
async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // The build writes .br and .gz beside each text asset: sent as they are, by Accept-Encoding.
    preCompressed: true,
    // Vite puts a content hash in every file name under assets/, so those never change.
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.startsWith(join(root, 'assets'));
      void reply.header(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The public pages, prerendered at build: a visitor (no session cookie) gets the page's own
  // HTML, painted before any script runs; a signed-in person the app's shell as before, so
  // `/` never flashes the landing page before their contacts
  // (docs/decisions/0014-prerendered-public-pages.md).
  for (const [path, file] of prerenderedPages(root)) {
    app.get(path, (req, reply) => {
      const visitor = req.cookies[cookieNames.signedIn] !== '1';
      void reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .sendFile(visitor ? file : 'index.html');
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/uploads/');
    if (wantsPage) {
      void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return;
    }
    void reply.status(404).send({ success: false, message: `Not found: ${req.method} ${req.url}` });
  });
}

/**
 * The pages the web build prerendered (`dist/prerendered/<name>.html`, `index` for `/`), as
 * [path, file under the web root] pairs; none when the build made none.
 */
function prerenderedPages(root: string): [string, string][] {
  const dir = join(root, 'prerendered');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => {
      const page = name.slice(0, -'.html'.length);
      return [page === 'index' ? '/' : `/${page}`, `prerendered/${name}`];
    });
}

/**
 * The browser may load code, styles, images and media from this origin only: no third-party
 * request leaves a page (Kith's privacy promise: README). Mantine sets inline style attributes,
 * hence 'unsafe-inline' for styles alone. The service worker and the web manifest come from
 * this origin too (docs/offline.md).
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Browser features no page of Kith uses, turned off for every page (and any script that
 * might get in): W3C Permissions Policy, OWASP HTTP Headers Cheat Sheet.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * The headers helmet sets with `options`, as `[name, value]` pairs: its middleware run once
 * against a stand-in answer that records them. Right only for options that do not depend on
 * the request (no CSP nonce or directive function), as Kith's do not.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * CORS (the Fetch standard's CORS protocol) for the API's paths and the origins allowed: the
 * Authorization, Content-Type and Idempotency-Key headers, Retry-After readable, and never
 * credentials, since a page of another origin signs in with a token, not with cookies.
 * Every other path and origin gets no CORS headers at all.
 */
function corsFor(origins: readonly string[]) {
  const allowed = new Set(origins);
  const api: FastifyCorsOptions = {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'trpc-accept'],
    exposedHeaders: ['Retry-After'],
    credentials: false,
    maxAge: 600,
  };
  return (
    req: FastifyRequest,
    callback: (error: Error | null, options: FastifyCorsOptions) => void,
  ) =>
    callback(
      null,
      allowed.size > 0 && /^\/api\/(trpc|v1)\//.test(req.url ?? '') ? api : { origin: false },
    );
}

/** PUBLIC_URL's origin, and in development the Vite dev server that proxies to us. */
function allowedOrigins(env: Env): Set<string> {
  const origins = new Set([new URL(env.PUBLIC_URL).origin]);
  if (env.NODE_ENV !== 'production') {
    origins.add('http://localhost:5173');
    origins.add(`http://localhost:${env.PORT}`);
    origins.add(`http://127.0.0.1:${env.PORT}`);
  }
  return origins;
}
