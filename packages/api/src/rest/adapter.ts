import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../trpc/context';
import { createCaller } from '../root';
import { failure, success } from './envelope';
import { mapErrorToResponse } from '../shared/error-mapper';
import { MULTIPART_LIMITS } from './multipart';
import { createOpenApiDocument } from './openapi/document';

export type Caller = ReturnType<typeof createCaller>;

/** What a REST handler receives: a caller bound to this request, and the request's parts. */
export interface RestRequest {
  caller: Caller;
  /**
   * The signed-in person's id (the legacy shapes carry it), read once per request.
   * @throws the procedures' 403 without a live session.
   */
  userId(): Promise<string>;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** How one path is documented in the OpenAPI document (`/api/v1/openapi.json`). */
export interface RestRouteDoc {
  summary: string;
  /** The group it is listed under in the docs page. */
  tag: 'Auth' | 'Recovery' | 'Contacts' | 'Favorites' | 'Trash' | 'Search' | 'Images' | 'Feedback';
  /** Needs the session cookies; without a live session it answers 403 (SPEC §7 "Auth retry"). */
  signedIn: boolean;
  /** The JSON body, as the procedure's input schema checks it. */
  body?: z.ZodType;
  /** A multipart body's fields, for the paths that take a file. */
  form?: z.ZodObject;
  query?: z.ZodObject;
  /** The envelope's `data` on success. */
  data: z.ZodType;
  /** The failure statuses it can answer besides 403 (signed-in paths) and 500. */
  errors: readonly number[];
}

/**
 * One `/api/v1` path of SPEC §7. The handler only calls procedures and reshapes their result
 * into the legacy fields; it holds no business logic (DESIGN.md "Shape").
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below `/api/v1`, in Fastify's syntax: `/contacts/:id`. */
  path: string;
  /** The status of a success: 201 for the calls that create something, else 200. */
  successStatus?: 200 | 201;
  doc: RestRouteDoc;
  handle(request: RestRequest): Promise<{ data: unknown; message?: string }>;
}

/** A request body as sent (`{}` when there is none); the procedure's input schema checks it. */
export const untrusted = (body: unknown) => (body ?? {}) as never;

/** The body with the path's id, which wins over any `id` in the body. */
export const withId = (body: unknown, id: string) =>
  ({ ...(typeof body === 'object' && body !== null ? body : {}), id }) as never;

export interface RestApiOptions {
  routes: readonly RestRoute[];
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
}

/**
 * Registers every route under the plugin's prefix with the `{success, message, data}`
 * envelope, and one error handler for the scope, so a malformed body, an unknown path or a
 * thrown error all answer in the same envelope with the right status. Serves the routes'
 * OpenAPI 3.1 document at `openapi.json` under the same prefix.
 */
export async function restApiPlugin(app: FastifyInstance, options: RestApiOptions): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const document = createOpenApiDocument(options.routes);
  app.get('/openapi.json', async () => document);
  for (const route of options.routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const caller = createCaller(options.createContext({ req, res: reply }));
        let userId: Promise<string> | undefined;
        const result = await route.handle({
          caller,
          userId: () => (userId ??= caller.auth.check().then(({ user }) => user.id)),
          params: req.params as Record<string, string>,
          query: req.query as Record<string, string | undefined>,
          body: req.body,
          req,
          reply,
        });
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
