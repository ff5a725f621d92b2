import { z } from 'zod';

/** The lead times a reminder can be sent with, in days before the date (0: on the day). */
export const REMINDER_LEAD_DAYS = [0, 1, 3, 7, 14] as const;
export type ReminderLeadDays = (typeof REMINDER_LEAD_DAYS)[number];

/** One mail per date, or one mail a week (Mondays) listing the week ahead. */
export const REMINDER_DELIVERIES = ['each', 'weekly_digest'] as const;
export type ReminderDelivery = (typeof REMINDER_DELIVERIES)[number];

/**
 * Whether `name` is an IANA time zone name ("Europe/Madrid", "America/Argentina/Buenos_Aires",
 * "UTC") that this runtime's time zone database knows. Offsets ("+01:00") and abbreviations
 * ("CET" aside, which IANA lists) are refused: a fixed offset has no daylight-saving changes.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name) || name.length > 64) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, with the reason when it is not one. */
export const ianaTimeZone = z.string().trim().refine(isIanaTimeZone, {
  error: 'Choose a time zone by its IANA name, such as Europe/Madrid or America/New_York.',
});

/** A time of day, `HH:MM` on a 24-hour clock. */
export const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Give the time as HH:MM, from 00:00 to 23:59.' });

/**
 * Reminder settings on /me: on or off; which dates (birthdays, anniversaries,
 * other labelled dates); how early (one or more of `REMINDER_LEAD_DAYS`); the time of day in
 * the person's time zone; one mail per date or a weekly digest.
 */
export const reminderSettingsInput = z.object({
  enabled: z.boolean(),
  birthdays: z.boolean(),
  anniversaries: z.boolean(),
  otherDates: z.boolean(),
  leadDays: z
    .array(
      z.union(
        REMINDER_LEAD_DAYS.map((d) => z.literal(d)),
        { error: 'A reminder goes out on the day, or 1, 3, 7 or 14 days before.' },
      ),
    )
    .min(1, { error: 'Choose at least one time for reminders to go out.' })
    .max(REMINDER_LEAD_DAYS.length)
    .refine((days) => new Set(days).size === days.length, {
      error: 'Each lead time can be chosen once.',
    }),
  sendAt: timeOfDay,
  timeZone: ianaTimeZone,
  delivery: z.enum(REMINDER_DELIVERIES),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInput>;

/**
 * The secret in a calendar feed's address (`/api/calendar/<token>.ics`) and in a reminder
 * mail's unsubscribe link: a 22-character id and a 43-character signature, both base64url.
 */
export const REMINDER_LINK_TOKEN = /^[A-Za-z0-9_-]{22}[A-Za-z0-9_-]{43}$/;

/** How often a person means to be in touch with a contact. */
export const KEEP_IN_TOUCH_INTERVALS = ['week', 'month', 'quarter', 'half_year', 'year'] as const;
export type KeepInTouchInterval = (typeof KEEP_IN_TOUCH_INTERVALS)[number];

/** Set or clear (null) how often to keep in touch with a contact. */
export const keepInTouchInput = z.object({
  contactId: z.uuid(),
  interval: z.enum(KEEP_IN_TOUCH_INTERVALS).nullable(),
  /** The person's own date today (`YYYY-MM-DD`), which the clock starts from. */
  today: z.iso.date().optional(),
});
export type KeepInTouchInput = z.infer<typeof keepInTouchInput>;

/** "I talked to them today": the contact, and the person's own date today. */
export const talkedTodayInput = z.object({
  contactId: z.uuid(),
  today: z.iso.date().optional(),
});
export type TalkedTodayInput = z.infer<typeof talkedTodayInput>;
