import { createAppPasswordInput } from '@kith/validators';
import { z } from 'zod';
import { untrusted, type RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../rest/openapi/examples';

/**
 * App passwords over `/api/v1` (docs/rest-api.md#app-passwords-api-tokens-and-sessions): the
 * passwords phones and desktop address books sign in to CardDAV with. They call the
 * `appPasswords.*` procedures, which need a signed-in session: an API token answers 403
 * (docs/api-tokens.md#scopes).
 */

const isoDateTime = z.iso.datetime({ offset: true });

const appPasswordSchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: 'The device it is for: "iPhone".' }),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable(),
    lastUsedIp: z.string().nullable(),
    lastUsedUserAgent: z.string().nullable(),
  })
  .meta({ id: 'AppPassword' });

const appPasswordExample = {
  id: EXAMPLE_IDS.appPassword,
  name: 'iPhone',
  createdAt: EXAMPLE_TIME,
  lastUsedAt: null,
  lastUsedIp: null,
  lastUsedUserAgent: null,
};

export const appPasswordsRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/app-passwords',
    doc: {
      operationId: 'listAppPasswords',
      summary: 'Every app password, oldest first (never the password itself)',
      tag: 'App passwords',
      signedIn: true,
      data: z.array(appPasswordSchema),
      errors: [],
      example: { data: [appPasswordExample] },
    },
    handle: async ({ caller }) => ({ data: await caller.appPasswords.list() }),
  },
  {
    method: 'POST',
    path: '/app-passwords',
    successStatus: 201,
    doc: {
      operationId: 'createAppPassword',
      summary: 'Make an app password for a device; the password is in this answer only',
      tag: 'App passwords',
      signedIn: true,
      body: createAppPasswordInput,
      data: appPasswordSchema.extend({
        password: z.string().meta({ description: 'Shown this once; Kith keeps only its hash.' }),
      }),
      errors: [400, 409],
      example: {
        body: { name: 'iPhone' },
        data: { ...appPasswordExample, password: 'abcd-efgh-jkmn-pqrs' },
        message: 'App password created',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.appPasswords.create(untrusted(body)),
      message: 'App password created',
    }),
  },
  {
    method: 'DELETE',
    path: '/app-passwords/:id',
    doc: {
      operationId: 'revokeAppPassword',
      summary: 'Revoke an app password: its device is refused from its next request',
      tag: 'App passwords',
      signedIn: true,
      data: z.object({ id: z.uuid() }),
      errors: [400, 404],
      example: { data: { id: EXAMPLE_IDS.appPassword }, message: 'App password revoked' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.appPasswords.revoke({ id: params.id! }),
      message: 'App password revoked',
    }),
  },
];
