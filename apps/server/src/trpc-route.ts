import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface TrpcRouteOptions<Router extends AnyTRPCRouter> {
  router: Router;
  createContext(opts: { req: FastifyRequest; res: FastifyReply }): inferRouterContext<Router>;
  /** Most calls one batch may carry; a larger batch is refused whole (400). */
  maxBatchSize: number;
  onError(opts: { error: { code: string }; path: string | undefined; req: FastifyRequest }): void;
}

/**
 * tRPC's HTTP protocol at `<prefix>/:path` (queries by GET, mutations by POST, batches),
 * answered through tRPC's own `resolveResponse`, as `@trpc/server/adapters/fastify` does, but
 * without its per-call plumbing (docs/performance.md, "The call's own cost"): that adapter
 * turns the already-read body back into a web stream, ties an AbortController to the socket
 * (whose abort builds a DOMException with a stack trace on every finished call) and sends the
 * answer as a web stream; here the body goes in as the text Fastify read and the answer goes
 * out as one string. None of Kith's
 * procedures streams or listens for a client's abort.
 *
 * The scope must read JSON bodies as text (a content parser with `parseAs: 'string'` that
 * parses nothing): tRPC parses them.
 */
export function registerTrpcRoute<Router extends AnyTRPCRouter>(
  scope: FastifyInstance,
  prefix: string,
  options: TrpcRouteOptions<Router>,
): void {
  scope.all<{ Params: { path: string } }>(`${prefix}/:path`, async (req, reply) => {
    const body = typeof req.body === 'string' ? req.body : '';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    });
    const response = await resolveResponse({
      router: options.router,
      req: request,
      path: req.params.path,
      error: null,
      maxBatchSize: options.maxBatchSize,
      createContext: async () => options.createContext({ req, res: reply }),
      onError: ({ error, path }) => options.onError({ error, path, req }),
    });
    reply.status(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    return reply.send(await response.text());
  });
}
