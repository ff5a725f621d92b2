import { schema, type Database } from '@kith/db';
import type { ReminderLeadDays, ReminderSettingsInput } from '@kith/validators';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthKeys } from '../credentials/keys';
import { minutesOfDay, timeOfDay } from './local-time';
import { tokenIdUuid, verifyToken } from './signed-tokens';

const { reminderSettings, users } = schema;

/** A person's reminder settings as the API speaks them: `sendAt` is `HH:MM`. */
export interface ReminderSettings extends ReminderSettingsInput {
  /** False until the person first saves settings (the form then proposes their time zone). */
  saved: boolean;
}

/** What an account that never saved settings has: reminders off, birthdays on the day at 09:00. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  saved: false,
  enabled: false,
  birthdays: true,
  anniversaries: true,
  otherDates: false,
  leadDays: [0],
  sendAt: '09:00',
  timeZone: 'UTC',
  delivery: 'each',
};

/** The account's reminder settings, or the defaults when it never saved any. */
export async function getReminderSettings(db: Database, userId: string): Promise<ReminderSettings> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  if (!row) return DEFAULT_REMINDER_SETTINGS;
  return {
    saved: true,
    enabled: row.enabled,
    birthdays: row.birthdays,
    anniversaries: row.anniversaries,
    otherDates: row.otherDates,
    leadDays: [...row.leadDays].sort((a, b) => a - b) as ReminderLeadDays[],
    sendAt: timeOfDay(row.sendMinute),
    timeZone: row.timeZone,
    delivery: row.delivery,
  };
}

/**
 * Saves the account's reminder settings (validated by `reminderSettingsInput`). A change of
 * time, zone or lead times takes effect from the next dispatch; today's mails already sent
 * are not sent again (the deliveries keep them once). Every save moves the settings'
 * `linkVersion`, so the unsubscribe links in mails sent before it expire (OWASP Forgot
 * Password Cheat Sheet: a link's token is single-purpose and stops working once the state it
 * was issued for has changed).
 */
export async function saveReminderSettings(
  db: Database,
  userId: string,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  const values = {
    enabled: input.enabled,
    birthdays: input.birthdays,
    anniversaries: input.anniversaries,
    otherDates: input.otherDates,
    leadDays: [...input.leadDays],
    sendMinute: minutesOfDay(input.sendAt),
    timeZone: input.timeZone,
    delivery: input.delivery,
    // Settings changed: today's dispatch runs again for this account, so a reminder due
    // under the new settings today still goes out.
    preparedOn: null,
    updatedAt: new Date(),
  };
  await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: reminderSettings.userId,
      set: { ...values, linkVersion: sql`${reminderSettings.linkVersion} + 1` },
    });
  return getReminderSettings(db, userId);
}

/**
 * Turns the account's reminders off (the unsubscribe link). True when there were settings.
 * The link version stays, so the same link pressed again still answers "off".
 */
export async function turnRemindersOff(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .update(reminderSettings)
    .set({ enabled: false, updatedAt: new Date() })
    .where(eq(reminderSettings.userId, userId))
    .returning({ userId: reminderSettings.userId });
  return rows.length > 0;
}

/**
 * How many settings versions back an unsubscribe link is still recognised as one of ours
 * that expired (410) rather than unknown (404): each is one HMAC, so a forged token costs a
 * bounded amount of work.
 */
const EXPIRED_LINK_VERSIONS = 100;

/**
 * The account an unsubscribe token names (`{id, locale}`) and whether the token is for its
 * current settings version (`expired` when it verifies for one of the `EXPIRED_LINK_VERSIONS`
 * before), or null (unknown, deleted, or forged). The token's shape is checked by the caller.
 */
export async function unsubscriber(
  deps: { db: Database; keys: Pick<AuthKeys, 'reminderLinks'> },
  token: string,
) {
  const [user] = await deps.db
    .select({ id: users.id, locale: users.locale, linkVersion: reminderSettings.linkVersion })
    .from(users)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(and(eq(users.id, tokenIdUuid(token.slice(0, 22))), isNull(users.deletedAt)));
  if (!user) return null;
  const current = user.linkVersion ?? 0;
  const key = deps.keys.reminderLinks;
  if (verifyToken(key, 'unsubscribe', token, current)) return { ...user, expired: false };
  for (let v = current - 1; v >= Math.max(0, current - EXPIRED_LINK_VERSIONS); v--) {
    if (verifyToken(key, 'unsubscribe', token, v)) return { ...user, expired: true };
  }
  return null;
}
