import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * The shape of an `/api/v1` route, which each domain's `<domain>.rest.ts` fills in; the plugin
 * that serves them is `rest-api.ts`.
 */

/**
 * Filled in by `rest-api.ts`, which makes the in-process caller of the app router, by
 * declaration merging (as TanStack Router's `Register`): the route shape names the caller
 * without importing the router, which is made of the domains whose routes use this shape.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- root.ts adds `caller`.
export interface RestCallerRegister {}

/** The procedures of the app router, called in-process for one request. */
export type Caller = RestCallerRegister extends { caller: infer C } ? C : never;

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
  /**
   * The operation's stable name in the OpenAPI document (`operationId`): camelCase, unique
   * across the API, never changed once published, since generated clients name their methods
   * by it (OpenAPI 3.1 §4.8.10).
   */
  operationId: string;
  summary: string;
  /** What a client must know beyond the summary (Markdown). */
  description?: string;
  /** The group it is listed under in the docs page. */
  tag:
    | 'Auth'
    | 'Recovery'
    | 'Contacts'
    | 'Favorites'
    | 'Trash'
    | 'Search'
    | 'Images'
    | 'Feedback'
    | 'History'
    | 'Labels'
    | 'Reminders'
    | 'Keep in touch'
    | 'Export'
    | 'Merge'
    | 'App passwords'
    | 'API tokens'
    | 'Sessions';
  /**
   * Needs the session cookies; without a live session it answers 403
   * (docs/product/legacy-api.md#auth-retry).
   */
  signedIn: boolean;
  /** The JSON body, as the procedure's input schema checks it. */
  body?: z.ZodType;
  /** A multipart body's fields, for the paths that take a file. */
  form?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the path reads (`Idempotency-Key`), as header parameters. */
  headers?: z.ZodObject;
  /** The envelope's `data` on success. */
  data: z.ZodType;
  /** The failure statuses it can answer besides 403 (signed-in paths) and 500. */
  errors: readonly number[];
  /**
   * Examples for the document: `body`, a request body the path accepts (required when the
   * path takes a body or a form: `createOpenApiDocument` refuses a route without one), and
   * `data`, the envelope's `data` of a success, with its `message` ('OK' when left out).
   */
  example?: { body?: unknown; data?: unknown; message?: string };
}

/**
 * One `/api/v1` path (docs/product/legacy-api.md#the-calls-it-makes). The handler only calls
 * procedures and reshapes their result into the legacy fields; it holds no business logic
 * (docs/decisions/0001-legacy-rest-over-the-same-procedures.md).
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

/** The body with the path's fields (`{labelId}`), which win over the same fields in the body. */
export const withFields = (body: unknown, fields: Record<string, string | undefined>) =>
  ({ ...(typeof body === 'object' && body !== null ? body : {}), ...fields }) as never;
