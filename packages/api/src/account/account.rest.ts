import { z } from 'zod';
import type { RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../rest/openapi/examples';

/**
 * The account's sessions over `/api/v1` (docs/rest-api.md#app-passwords-api-tokens-and-sessions):
 * list them, sign one other out, sign every other out. They call `account.sessions`,
 * `account.revokeSession` and `account.revokeOtherSessions`, which a signed-in session only
 * may call (an API token answers 403, docs/api-tokens.md#scopes).
 */

const isoDateTime = z.iso.datetime({ offset: true });

const sessionSchema = z
  .object({
    id: z.uuid().meta({ description: 'What DELETE /sessions/{id} takes.' }),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    lastSeenAt: isoDateTime,
    signedInAt: isoDateTime,
    current: z.boolean().meta({ description: 'The session asking.' }),
  })
  .meta({ id: 'Session' });

export const accountRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/sessions',
    doc: {
      operationId: 'listSessions',
      summary: 'The live sessions, this one first; a session only',
      tag: 'Sessions',
      signedIn: true,
      data: z.array(sessionSchema),
      errors: [],
      example: {
        data: [
          {
            id: EXAMPLE_IDS.session,
            userAgent: 'Mozilla/5.0 (Macintosh) Firefox/140.0',
            ipAddress: '203.0.113.7',
            lastSeenAt: EXAMPLE_TIME,
            signedInAt: EXAMPLE_TIME,
            current: true,
          },
        ],
      },
    },
    handle: async ({ caller }) => ({ data: await caller.account.sessions() }),
  },
  {
    method: 'DELETE',
    path: '/sessions/others',
    doc: {
      operationId: 'revokeOtherSessions',
      summary: 'Sign every other session out; `ended` says how many',
      tag: 'Sessions',
      signedIn: true,
      data: z.object({ ended: z.int().min(0) }),
      errors: [],
      example: { data: { ended: 2 }, message: 'Other sessions signed out' },
    },
    handle: async ({ caller }) => ({
      data: await caller.account.revokeOtherSessions(),
      message: 'Other sessions signed out',
    }),
  },
  {
    method: 'DELETE',
    path: '/sessions/:id',
    doc: {
      operationId: 'revokeSession',
      summary: 'Sign one other session out; 400 for the session asking (log out ends that)',
      tag: 'Sessions',
      signedIn: true,
      data: z.object({ sessionId: z.uuid() }),
      errors: [400, 404],
      example: { data: { sessionId: EXAMPLE_IDS.session }, message: 'Session signed out' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.account.revokeSession({ sessionId: params.id! }),
      message: 'Session signed out',
    }),
  },
];
