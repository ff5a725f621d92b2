import { trpc } from '../../lib/trpc';

/**
 * The reminders' calls on /me (router `reminders`): the reminder settings and the calendar
 * feed's secret address, with what each changes in the cache.
 */

type SaveRemindersOptions = Parameters<typeof trpc.reminders.saveSettings.useMutation>[0];
type FeedOptions = Parameters<typeof trpc.reminders.createFeed.useMutation>[0];
type RevokeFeedOptions = Parameters<typeof trpc.reminders.revokeFeed.useMutation>[0];

/** This browser's IANA time zone ("Europe/Madrid"), UTC when it cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The account's reminder settings (the defaults, reminders off, until saved). */
export function useReminderSettings() {
  return trpc.reminders.settings.useQuery();
}

/** Saves the reminder settings; the cache takes the saved ones. */
export function useSaveReminderSettings(options: SaveRemindersOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.reminders.saveSettings.useMutation({
    ...options,
    onSuccess: (saved, ...rest) => {
      utils.reminders.settings.setData(undefined, saved);
      return options.onSuccess?.(saved, ...rest);
    },
  });
}

/** The calendar feed's address, or null. */
export function useCalendarFeed() {
  return trpc.reminders.feed.useQuery();
}

/** Makes the feed (or a new address for it); the cache takes it. */
export function useCreateCalendarFeed(options: FeedOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.reminders.createFeed.useMutation({
    ...options,
    onSuccess: (feed, ...rest) => {
      utils.reminders.feed.setData(undefined, feed);
      return options.onSuccess?.(feed, ...rest);
    },
  });
}

/** Revokes the feed; the cache forgets it. */
export function useRevokeCalendarFeed(options: RevokeFeedOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.reminders.revokeFeed.useMutation({
    ...options,
    onSuccess: (...args) => {
      utils.reminders.feed.setData(undefined, null);
      return options.onSuccess?.(...args);
    },
  });
}
