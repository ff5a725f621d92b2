import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import { z } from 'zod';
import type { RestRoute } from './rest/adapter';
import { failureSchema, successSchema } from './rest/openapi/wire-schemas';
import { CARDDAV_DOCS } from './dav/dav-docs';
import { REMINDER_PATHS } from './reminders/reminders-docs';

/** Where the REST API is mounted (docs/product/legacy-api.md#the-calls-it-makes). */
export const REST_PREFIX = '/api/v1';

/** The document's version: the v1 paths, with what has been added since (semver). */
export const REST_API_VERSION = '1.2.0';

const statusText: Record<number, string> = {
  400: 'Invalid input: `message` is the first problem, `errors` every field with its messages',
  401: 'Wrong email or password, or no refresh token',
  403: 'No live session: call POST /auth/refresh once and retry',
  404: 'Not found, or not this account’s',
  409: 'Already exists',
  412: 'The email is not verified yet; a new code was mailed',
  413: 'The file is larger than 5 MB',
  422: 'An Idempotency-Key sent again with different data',
  429: 'Too many attempts; try again later',
  500: 'Unexpected server error; the message is generic',
  503: 'A service the call needs (database or mail) is unavailable; try again',
};

const failure = (status: number) => ({
  description: statusText[status] ?? 'Failure',
  content: { 'application/json': { schema: failureSchema } },
});

/** Fastify's `/contacts/:id` -> OpenAPI's `/contacts/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function operation(route: RestRoute): ZodOpenApiOperationObject {
  const { doc } = route;
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const successStatus = route.successStatus ?? 200;
  const failures = [...new Set([...doc.errors, ...(doc.signedIn ? [403] : []), 500])].sort();
  return {
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(doc.signedIn ? {} : { security: [] }),
    requestParams: {
      ...(pathParams.length > 0
        ? { path: z.object(Object.fromEntries(pathParams.map((name) => [name, z.uuid()]))) }
        : {}),
      ...(doc.query ? { query: doc.query } : {}),
    },
    ...(doc.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: doc.body } } } }
      : doc.form
        ? { requestBody: { content: { 'multipart/form-data': { schema: doc.form } } } }
        : {}),
    responses: {
      [successStatus]: {
        description: 'Success: `{success: true, message, data}`',
        content: { 'application/json': { schema: successSchema(doc.data) } },
      },
      ...Object.fromEntries(failures.map((status) => [status, failure(status)])),
    },
  };
}

/**
 * The OpenAPI 3.1 document of `/api/v1` (served at `/api/v1/openapi.json`), generated from
 * the routes' zod schemas: the procedures' own input schemas for bodies, and the wire schemas
 * for answers, each inside the `{success, message, data}` envelope
 * (docs/product/legacy-api.md#envelope).
 */
export function createOpenApiDocument(
  routes: readonly RestRoute[],
): ReturnType<typeof createDocument> {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kith REST API',
      version: REST_API_VERSION,
      description:
        'The `/api/v1` API of Kith, a personal contacts manager. Every answer is ' +
        '`{success, message, data}`. Sign in with POST /auth/login: the session lives in ' +
        'httpOnly cookies, so send them back (a browser does; other clients keep a cookie ' +
        'jar). On a 403, call POST /auth/refresh once and retry. TypeScript apps can use the ' +
        'typed SDK `@kith/client` instead.\n' +
        CARDDAV_DOCS,
    },
    servers: [{ url: REST_PREFIX }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'access_token' },
      },
    },
    security: [{ session: [] }],
    paths: { ...paths, ...REMINDER_PATHS },
  });
}
