import { API_TOKEN_SCOPES, createApiTokenInput } from '@kith/validators';
import { z } from 'zod';
import { untrusted, type RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../rest/openapi/examples';

/**
 * Personal API tokens over `/api/v1` (docs/api-tokens.md, docs/rest-api.md): list, make and
 * revoke. They call the `apiTokens.*` procedures, which a signed-in session only may call: a
 * token can never list, make or revoke tokens (403).
 */

const isoDateTime = z.iso.datetime({ offset: true });

const apiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ description: 'Its first nine characters, `kith_AbCd`.' }),
    scopes: z.array(z.enum(API_TOKEN_SCOPES as [string, ...string[]])),
    createdAt: isoDateTime,
    expiresAt: isoDateTime.nullable().meta({ description: 'null: until revoked.' }),
    lastUsedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiToken' });

const apiTokenExample = {
  id: EXAMPLE_IDS.apiToken,
  name: 'Backup script',
  prefix: 'kith_AbCd',
  scopes: ['contacts:read'],
  createdAt: EXAMPLE_TIME,
  expiresAt: '2026-12-26T09:30:00.000Z',
  lastUsedAt: null,
};

export const apiTokensRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api-tokens',
    doc: {
      operationId: 'listApiTokens',
      summary: 'The live API tokens, oldest first (never the token itself); a session only',
      tag: 'API tokens',
      signedIn: true,
      data: z.array(apiTokenSchema),
      errors: [],
      example: { data: [apiTokenExample] },
    },
    handle: async ({ caller }) => ({ data: await caller.apiTokens.list() }),
  },
  {
    method: 'POST',
    path: '/api-tokens',
    successStatus: 201,
    doc: {
      operationId: 'createApiToken',
      summary: 'Make an API token; the token is in this answer only; a session only',
      tag: 'API tokens',
      signedIn: true,
      body: createApiTokenInput,
      data: z.object({
        token: z.string().meta({ description: '`kith_` and 43 characters, shown this once.' }),
        apiToken: apiTokenSchema,
      }),
      errors: [400, 409],
      example: {
        body: { name: 'Backup script', scopes: ['contacts:read'], expiresInDays: 30 },
        data: {
          token: 'kith_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
          apiToken: apiTokenExample,
        },
        message: 'API token created',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.apiTokens.create(untrusted(body)),
      message: 'API token created',
    }),
  },
  {
    method: 'DELETE',
    path: '/api-tokens/:id',
    doc: {
      operationId: 'revokeApiToken',
      summary: 'Revoke an API token: refused from its next request; a session only',
      tag: 'API tokens',
      signedIn: true,
      data: z.object({ revoked: z.literal(true) }),
      errors: [400, 404],
      example: { data: { revoked: true }, message: 'API token revoked' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.apiTokens.revoke({ id: params.id! }),
      message: 'API token revoked',
    }),
  },
];
