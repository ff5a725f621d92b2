import { keepInTouchInput, reminderSettingsInput, talkedTodayInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../trpc/init';
import { createCalendarFeed, getCalendarFeed, revokeCalendarFeed } from './calendar-feed';
import {
  countKeepInTouchDue,
  getKeepInTouch,
  listKeepInTouch,
  markTalkedToday,
  personsToday,
  setKeepInTouch,
} from './keep-in-touch.service';
import { getReminderSettings, saveReminderSettings } from './settings.service';

/**
 * Reminders by email and the calendar feed, on the profile page (/me).
 */
export const remindersRouter = {
  /**
   * `{saved, enabled, birthdays, anniversaries, otherDates, leadDays, sendAt ('HH:MM'),
   * timeZone (IANA), delivery ('each' | 'weekly_digest')}`; the defaults (off) until saved.
   */
  settings: protectedProcedure.query(({ ctx }) => getReminderSettings(ctx.db, ctx.userId)),

  /**
   * Saves the settings and returns them. BAD_REQUEST with the reason for a time zone that is
   * not an IANA name, a lead time other than 0, 1, 3, 7 or 14 days, no lead time, or a time
   * that is not HH:MM.
   */
  saveSettings: protectedProcedure
    .input(reminderSettingsInput)
    .mutation(({ ctx, input }) => saveReminderSettings(ctx.db, ctx.userId, input)),

  /** The calendar feed: `{url, createdAt}`, or null when the account has none. */
  feed: protectedProcedure.query(({ ctx }) =>
    getCalendarFeed(ctx.db, ctx.keys, ctx.publicUrl, ctx.userId),
  ),

  /** Makes the feed, or a new address for it (the old one stops working): `{url, createdAt}`. */
  createFeed: protectedProcedure.mutation(({ ctx }) =>
    createCalendarFeed(ctx.db, ctx.keys, ctx.publicUrl, ctx.userId),
  ),

  /** Revokes the feed: its address answers 404 from now on. */
  revokeFeed: protectedProcedure.mutation(async ({ ctx }) => {
    await revokeCalendarFeed(ctx.db, ctx.userId);
    return { revoked: true };
  }),
} satisfies TRPCRouterRecord;

/** The person's own date, as the browser knows it (`YYYY-MM-DD`); the server's UTC date else. */
const todayInput = z.object({ today: z.iso.date().optional() }).optional();

/**
 * Keep in touch: how often to be in touch with a contact, "I talked to them today",
 * and the list of who is due. Each takes the person's `today` from the browser (within a day
 * of the server's date; BAD_REQUEST otherwise). NOT_FOUND for a contact that is not the
 * account's or is in the trash.
 */
export const keepInTouchRouter = {
  /** One contact's `{interval, lastContactedOn, dueOn}`. */
  get: protectedProcedure
    .input(z.object({ contactId: z.uuid() }))
    .query(({ ctx, input }) => getKeepInTouch(ctx.db, ctx.userId, input.contactId)),

  /** Sets `interval` ('week' | 'month' | 'quarter' | 'half_year' | 'year') or clears it (null). */
  set: protectedProcedure
    .input(keepInTouchInput)
    .mutation(({ ctx, input }) =>
      setKeepInTouch(
        ctx.db,
        ctx.userId,
        input.contactId,
        input.interval,
        personsToday(ctx.now(), input.today),
      ),
    ),

  /** "I talked to them today": the clock starts again from today. */
  talkedToday: protectedProcedure
    .input(talkedTodayInput)
    .mutation(({ ctx, input }) =>
      markTalkedToday(ctx.db, ctx.userId, input.contactId, personsToday(ctx.now(), input.today)),
    ),

  /**
   * `{items: {contact, interval, lastContactedOn, dueOn, due}[], dueCount}`: every contact
   * with an interval, soonest due first.
   */
  list: protectedProcedure
    .input(todayInput)
    .query(({ ctx, input }) =>
      listKeepInTouch(ctx.db, ctx.images, ctx.userId, personsToday(ctx.now(), input?.today)),
    ),

  /** How many contacts are due today or before: the sidebar's badge. */
  dueCount: protectedProcedure
    .input(todayInput)
    .query(({ ctx, input }) =>
      countKeepInTouchDue(ctx.db, ctx.userId, personsToday(ctx.now(), input?.today)),
    ),
} satisfies TRPCRouterRecord;
