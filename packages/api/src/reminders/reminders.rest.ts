import {
  KEEP_IN_TOUCH_INTERVALS,
  REMINDER_DELIVERIES,
  REMINDER_LEAD_DAYS,
  reminderSettingsInput,
} from '@kith/validators';
import { z } from 'zod';
import { toLegacyContact } from '../contacts';
import { untrusted, withFields, type RestRoute } from '../rest/adapter';
import { contactExample, EXAMPLE_TIME } from '../rest/openapi/examples';
import { contactSchema } from '../rest/openapi/wire-schemas';

/**
 * Reminders and Keep in touch over `/api/v1` (docs/rest-api.md#reminders-and-keep-in-touch):
 * the reminder settings, the calendar feed's address, and how often to be in touch with a
 * contact. Each calls the `reminders.*` or `keepInTouch.*` procedure, so a token needs
 * `reminders:read` or `reminders:write` (docs/api-tokens.md#scopes).
 */

const settingsSchema = z
  .object({
    saved: z.boolean().meta({ description: 'False until first saved: these are the defaults.' }),
    enabled: z.boolean(),
    birthdays: z.boolean(),
    anniversaries: z.boolean(),
    otherDates: z.boolean(),
    leadDays: z.array(z.union(REMINDER_LEAD_DAYS.map((d) => z.literal(d)))),
    sendAt: z.string().meta({ description: 'HH:MM in `timeZone`.' }),
    timeZone: z.string().meta({ description: 'An IANA time zone name.' }),
    delivery: z.enum(REMINDER_DELIVERIES),
  })
  .meta({ id: 'ReminderSettings' });

const settingsExample = {
  enabled: true,
  birthdays: true,
  anniversaries: true,
  otherDates: false,
  leadDays: [0, 7],
  sendAt: '09:00',
  timeZone: 'Europe/London',
  delivery: 'each',
};

const feedSchema = z
  .object({
    url: z.string().meta({ description: 'The feed, `…/api/calendar/{token}.ics`: the secret.' }),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CalendarFeed' });

const feedExample = {
  url: 'https://kith.example.org/api/calendar/AbCdEfGhIjKlMnOpQrStUv0123456789abcdefghijklmnopqrstuvwxyzABCDEFG.ics',
  createdAt: EXAMPLE_TIME,
};

const localDate = z.iso.date().meta({ description: 'YYYY-MM-DD.' });

const keepInTouchSchema = z
  .object({
    interval: z.enum(KEEP_IN_TOUCH_INTERVALS).nullable(),
    lastContactedOn: localDate.nullable(),
    dueOn: localDate.nullable(),
  })
  .meta({
    id: 'KeepInTouch',
    description: 'How often to be in touch with a contact, and when next.',
  });

const keepInTouchExample = {
  interval: 'month',
  lastContactedOn: '2026-11-20',
  dueOn: '2026-12-20',
};

const todayQuery = z.object({
  today: z.iso
    .date()
    .optional()
    .meta({ description: "The person's own date (YYYY-MM-DD), within a day of the server's." }),
});

const setBody = z.object({
  interval: z.enum(KEEP_IN_TOUCH_INTERVALS).nullable().meta({ description: 'null clears it.' }),
  today: localDate.optional(),
});

export const remindersRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/reminders/settings',
    doc: {
      operationId: 'getReminderSettings',
      summary: 'The reminder mails’ settings (the defaults, off, until saved)',
      tag: 'Reminders',
      signedIn: true,
      data: settingsSchema,
      errors: [],
      example: { data: { saved: true, ...settingsExample } },
    },
    handle: async ({ caller }) => ({ data: await caller.reminders.settings() }),
  },
  {
    method: 'PUT',
    path: '/reminders/settings',
    doc: {
      operationId: 'saveReminderSettings',
      summary: 'Save the reminder mails’ settings, all of them',
      description:
        '400 with the reason for a time zone that is not an IANA name, a lead time other ' +
        'than 0, 1, 3, 7 or 14 days, or a time that is not HH:MM.',
      tag: 'Reminders',
      signedIn: true,
      body: reminderSettingsInput,
      data: settingsSchema,
      errors: [400],
      example: {
        body: settingsExample,
        data: { saved: true, ...settingsExample },
        message: 'Reminder settings saved',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.reminders.saveSettings(untrusted(body)),
      message: 'Reminder settings saved',
    }),
  },
  {
    method: 'GET',
    path: '/reminders/feed',
    doc: {
      operationId: 'getCalendarFeed',
      summary: "The calendar feed's address, or null when there is none",
      tag: 'Reminders',
      signedIn: true,
      data: feedSchema.nullable(),
      errors: [],
      example: { data: feedExample },
    },
    handle: async ({ caller }) => ({ data: await caller.reminders.feed() }),
  },
  {
    method: 'POST',
    path: '/reminders/feed',
    successStatus: 201,
    doc: {
      operationId: 'createCalendarFeed',
      summary: 'Make the calendar feed, or a new address for it (the old one stops working)',
      tag: 'Reminders',
      signedIn: true,
      data: feedSchema,
      errors: [],
      example: { data: feedExample, message: 'Calendar feed created' },
    },
    handle: async ({ caller }) => ({
      data: await caller.reminders.createFeed(),
      message: 'Calendar feed created',
    }),
  },
  {
    method: 'DELETE',
    path: '/reminders/feed',
    doc: {
      operationId: 'revokeCalendarFeed',
      summary: 'Revoke the calendar feed: its address answers 404 from now on',
      tag: 'Reminders',
      signedIn: true,
      data: z.object({ revoked: z.literal(true) }),
      errors: [],
      example: { data: { revoked: true }, message: 'Calendar feed revoked' },
    },
    handle: async ({ caller }) => ({
      data: await caller.reminders.revokeFeed(),
      message: 'Calendar feed revoked',
    }),
  },
  {
    method: 'GET',
    path: '/keep-in-touch',
    doc: {
      operationId: 'listKeepInTouch',
      summary: 'Every contact with a keep-in-touch interval, soonest due first',
      tag: 'Keep in touch',
      signedIn: true,
      query: todayQuery,
      data: z.object({
        items: z.array(
          keepInTouchSchema.extend({
            contact: contactSchema,
            due: z.boolean().meta({ description: '`dueOn` is today or past.' }),
          }),
        ),
        dueCount: z.int().min(0),
      }),
      errors: [400],
      example: {
        data: {
          items: [{ contact: contactExample, ...keepInTouchExample, due: false }],
          dueCount: 0,
        },
      },
    },
    handle: async ({ caller, userId, query }) => {
      const owner = await userId();
      const { items, dueCount } = await caller.keepInTouch.list(untrusted({ today: query.today }));
      return {
        data: {
          items: items.map(({ contact, ...entry }) => ({
            ...entry,
            contact: toLegacyContact(contact, owner),
          })),
          dueCount,
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/contacts/:id/keep-in-touch',
    doc: {
      operationId: 'getKeepInTouch',
      summary: 'How often to be in touch with a contact, and when next',
      tag: 'Keep in touch',
      signedIn: true,
      data: keepInTouchSchema,
      errors: [400, 404],
      example: { data: keepInTouchExample },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.keepInTouch.get({ contactId: params.id! }),
    }),
  },
  {
    method: 'PUT',
    path: '/contacts/:id/keep-in-touch',
    doc: {
      operationId: 'setKeepInTouch',
      summary: 'Set how often to be in touch with a contact, or clear it (null)',
      tag: 'Keep in touch',
      signedIn: true,
      body: setBody,
      data: keepInTouchSchema,
      errors: [400, 404],
      example: {
        body: { interval: 'month', today: '2026-11-26' },
        data: { interval: 'month', lastContactedOn: null, dueOn: '2026-12-26' },
        message: 'Keep in touch saved',
      },
    },
    handle: async ({ caller, params, body }) => ({
      data: await caller.keepInTouch.set(withFields(body, { contactId: params.id })),
      message: 'Keep in touch saved',
    }),
  },
  {
    method: 'POST',
    path: '/contacts/:id/keep-in-touch/talked-today',
    doc: {
      operationId: 'markTalkedToday',
      summary: '"I talked to them today": the clock starts again from today',
      tag: 'Keep in touch',
      signedIn: true,
      body: z.object({ today: localDate.optional() }),
      data: keepInTouchSchema,
      errors: [400, 404],
      example: {
        body: { today: '2026-11-26' },
        data: { interval: 'month', lastContactedOn: '2026-11-26', dueOn: '2026-12-26' },
        message: 'Marked as talked today',
      },
    },
    handle: async ({ caller, params, body }) => ({
      data: await caller.keepInTouch.talkedToday(withFields(body, { contactId: params.id })),
      message: 'Marked as talked today',
    }),
  },
];
