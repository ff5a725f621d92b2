/** Where the calendar feed is served: `<path>/<token>.ics` (RFC 5545). */
export const CALENDAR_FEED_PATH = '/api/calendar';

/** Where reminder mails' one-click unsubscribe links point: `<path>/<token>` (RFC 8058). */
export const UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';
