import type { ZodOpenApiPathsObject } from 'zod-openapi';

const token = {
  name: 'token',
  in: 'path' as const,
  required: true,
  description: 'The 65-character secret from the address (22 + 43 base64url characters).',
  schema: { type: 'string' as const, pattern: '^[A-Za-z0-9_-]{65}$' },
};

const failure = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object' as const,
        properties: {
          success: { type: 'boolean' as const, const: false },
          message: { type: 'string' as const },
          data: { type: 'null' as const },
        },
      },
    },
  },
});

/**
 * The reminder paths outside `/api/v1` that need no session, for the OpenAPI
 * document: the calendar feed and the one-click unsubscribe. Each names its own server
 * (`/api`), since the document's default is `/api/v1`.
 */
export const REMINDER_PATHS: ZodOpenApiPathsObject = {
  '/calendar/{token}.ics': {
    servers: [{ url: '/api' }],
    get: {
      tags: ['Reminders'],
      summary: 'The calendar feed (iCalendar, RFC 5545)',
      description:
        "The account's birthdays and anniversaries as yearly all-day events, for Google " +
        'Calendar, Apple Calendar or Thunderbird to subscribe to. The address comes from ' +
        '`reminders.createFeed` (tRPC) and needs no sign-in: it is the secret. 29 February ' +
        "dates fall on February's last day in other years. Send `If-None-Match` with the " +
        'last ETag to get a 304 when nothing changed.',
      security: [],
      parameters: [token],
      responses: {
        '200': {
          description: 'The calendar.',
          headers: {
            ETag: { schema: { type: 'string' }, description: 'A hash of the text.' },
            'Cache-Control': { schema: { type: 'string' }, description: 'private, max-age=3600' },
          },
          content: { 'text/calendar': { schema: { type: 'string' } } },
        },
        '304': { description: 'Not changed since the ETag in `If-None-Match`.' },
        '400': failure('The token is not of the right shape.'),
        '404': failure('No such feed: unknown, revoked, or replaced by a new address.'),
      },
    },
  },
  '/reminders/unsubscribe/{token}': {
    servers: [{ url: '/api' }],
    post: {
      tags: ['Reminders'],
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        "Turns the account's reminder emails off. The address is each reminder mail's " +
        '`List-Unsubscribe`; mail clients POST `List-Unsubscribe=One-Click` to it. Needs no sign-in.',
      security: [],
      parameters: [token],
      responses: {
        '200': {
          description: 'Reminders are off; a short page says so.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '400': failure('The token is not of the right shape.'),
        '404': failure('No such link.'),
        '410': {
          description:
            'The link has expired: the reminder settings were saved again after its mail was sent. A page says so; nothing changes.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      },
    },
    get: {
      tags: ['Reminders'],
      summary: 'The unsubscribe page',
      description:
        'A page with a button that POSTs to the same address; opening it turns nothing off, ' +
        'so a mail scanner that follows links does not unsubscribe anyone.',
      security: [],
      parameters: [token],
      responses: {
        '200': {
          description: 'The page.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '400': failure('The token is not of the right shape.'),
        '404': failure('No such link.'),
        '410': {
          description:
            'The link has expired: the reminder settings were saved again after its mail was sent. A page says so; nothing changes.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      },
    },
  },
};
