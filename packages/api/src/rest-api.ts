import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from './images';
import { assertRoutesDocumented, createOpenApiDocument } from './openapi-document';
import type { RestRoute } from './rest/adapter';
import { failure, success } from './rest/envelope';
import { mapErrorToResponse } from './rest/error-response';
import { createCaller } from './root';
import { withChangeSource } from './shared/change-source';
import type { Context } from './trpc/context';
import { requireSession } from './trpc/init';

declare module './rest/adapter' {
  /** The caller every `/api/v1` route receives, made here for each request. */
  interface RestCallerRegister {
    caller: ReturnType<typeof createCaller>;
  }
}

/** Limits for multipart requests: one file under 5 MB (docs/product/limits.md#limits), a few small text fields. */
const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 100 * 1024,
};

export interface RestApiOptions {
  routes: readonly RestRoute[];
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
}

/**
 * Registers every route under the plugin's prefix with the `{success, message, data}`
 * envelope, and one error handler for the scope, so a malformed body, an unknown path or a
 * thrown error all answer in the same envelope with the right status. Serves the routes'
 * OpenAPI 3.1 document at `openapi.json` under the same prefix, made on its first request.
 *
 * @throws Error at registration when a route lacks what `assertRoutesDocumented` asks.
 */
export async function restApiPlugin(app: FastifyInstance, options: RestApiOptions): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  // A route the document cannot describe stops the start; the document itself (about 1 MB of
  // heap, 70 ms) is made when first asked for, which most servers never are
  // (docs/performance.md#memory).
  assertRoutesDocumented(options.routes);
  let document: ReturnType<typeof createOpenApiDocument> | undefined;
  app.get('/openapi.json', async () => (document ??= createOpenApiDocument(options.routes)));
  for (const route of options.routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const context = options.createContext({ req, res: reply });
        const caller = createCaller(context);
        let userId: Promise<string> | undefined;
        // Writes through /api/v1 are the API's in the history (docs/history.md#sources).
        const result = await withChangeSource({ via: 'api' }, () =>
          route.handle({
            caller,
            userId: () => (userId ??= requireSession(context).then((session) => session.userId)),
            params: req.params as Record<string, string>,
            query: req.query as Record<string, string | undefined>,
            body: req.body,
            req,
            reply,
          }),
        );
        return reply.status(route.successStatus ?? 200).send(success(result.data, result.message));
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    void reply.status(404).send(failure(`No API route for ${req.method} ${req.url}`));
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    const mapped = mapErrorToResponse(error);
    if (mapped.unexpected) req.log.error({ err: error }, 'unexpected error in REST handler');
    return reply.status(mapped.status).send(mapped.body);
  });
}
