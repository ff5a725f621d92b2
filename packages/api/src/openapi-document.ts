import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import { z } from 'zod';
import type { RestRoute } from './rest/adapter';
import { failureSchema, successSchema } from './rest/openapi/wire-schemas';
import { CARDDAV_DOCS } from './dav/dav-docs';
import { REMINDER_PATHS } from './reminders/reminders-docs';

/** Where the REST API is mounted (docs/product/legacy-api.md#the-calls-it-makes). */
export const REST_PREFIX = '/api/v1';

/** The document's version: the v1 paths, with what has been added since (semver). */
export const REST_API_VERSION = '1.3.0';

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

/** A media type's `example`, when the route gives one. */
const exampleOf = (value: unknown) => (value === undefined ? {} : { example: value });

function operation(route: RestRoute): ZodOpenApiOperationObject {
  const { doc } = route;
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const successStatus = route.successStatus ?? 200;
  const failures = [...new Set([...doc.errors, ...(doc.signedIn ? [403] : []), 500])].sort();
  const bodyExample = exampleOf(doc.example?.body);
  const dataExample = doc.example && 'data' in doc.example;
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(doc.signedIn ? {} : { security: [] }),
    requestParams: {
      ...(pathParams.length > 0
        ? { path: z.object(Object.fromEntries(pathParams.map((name) => [name, z.uuid()]))) }
        : {}),
      ...(doc.query ? { query: doc.query } : {}),
      ...(doc.headers ? { header: doc.headers } : {}),
    },
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: doc.body, ...bodyExample } },
          },
        }
      : doc.form
        ? {
            requestBody: {
              content: { 'multipart/form-data': { schema: doc.form, ...bodyExample } },
            },
          }
        : {}),
    responses: {
      [successStatus]: {
        description: 'Success: `{success: true, message, data}`',
        content: {
          'application/json': {
            schema: successSchema(doc.data),
            ...(dataExample
              ? {
                  example: {
                    success: true,
                    message: doc.example?.message ?? 'OK',
                    data: doc.example?.data,
                  },
                }
              : {}),
          },
        },
      },
      ...Object.fromEntries(failures.map((status) => [status, failure(status)])),
    },
  };
}

/** A camelCase name: a lowercase letter, then letters and digits. */
const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

/**
 * Refuses routes the document cannot describe well: an `operationId` that is not camelCase
 * or names two operations (OpenAPI 3.1 §4.8.10: "The id MUST be unique among all operations"),
 * or a body or form with no example (docs/rest-api.md#the-document).
 *
 * @throws Error naming the route, at start-up, so no route ships without them.
 */
export function assertRoutesDocumented(routes: readonly RestRoute[]): void {
  const seen = new Map<string, string>();
  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    const { operationId } = route.doc;
    if (!OPERATION_ID.test(operationId)) {
      throw new Error(`${name}: operationId "${operationId}" is not camelCase`);
    }
    const other = seen.get(operationId);
    if (other) throw new Error(`${name}: operationId "${operationId}" is also ${other}'s`);
    seen.set(operationId, name);
    if ((route.doc.body || route.doc.form) && route.doc.example?.body === undefined) {
      throw new Error(`${name}: a route that takes a body needs doc.example.body`);
    }
  }
}

/**
 * The OpenAPI 3.1 document of `/api/v1` (served at `/api/v1/openapi.json`), generated from
 * the routes' zod schemas: the procedures' own input schemas for bodies, and the wire schemas
 * for answers, each inside the `{success, message, data}` envelope
 * (docs/product/legacy-api.md#envelope), with each operation's `operationId` and examples.
 *
 * @throws Error when a route lacks what `assertRoutesDocumented` asks.
 */
export function createOpenApiDocument(
  routes: readonly RestRoute[],
): ReturnType<typeof createDocument> {
  assertRoutesDocumented(routes);
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
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token, `kith_…`, made on the profile page and limited to its ' +
            'scopes; the account, its sessions, app passwords and tokens need a session.',
        },
      },
    },
    security: [{ session: [] }, { apiToken: [] }],
    paths: { ...paths, ...REMINDER_PATHS },
  });
}
