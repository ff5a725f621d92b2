/**
 * The moments "Undo changes" offers to put the address book back to (docs/history.md#undo-changes):
 * four presets counted back from now, and a custom date and time within the history's 30 days.
 */

/** How long the history keeps changes, in days (docs/history.md#retention). */
export const HISTORY_DAYS = 30;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The presets, in the order the card lists them, then the custom moment. */
export const MOMENT_PRESETS = ['10-minutes', '1-hour', 'yesterday', '1-week'] as const;
export type MomentPreset = (typeof MOMENT_PRESETS)[number];
export type MomentChoice = MomentPreset | 'custom';

/**
 * The moment a preset names, counted back from `now`: 10 minutes or an hour earlier, or the
 * same clock time one or seven calendar days before in the browser's time zone ("Yesterday"
 * is this time yesterday, also across a daylight-saving change).
 */
export function presetMoment(preset: MomentPreset, now: Date): Date {
  switch (preset) {
    case '10-minutes':
      return new Date(now.getTime() - 10 * MINUTE_MS);
    case '1-hour':
      return new Date(now.getTime() - 60 * MINUTE_MS);
    case 'yesterday':
      return daysBefore(now, 1);
    case '1-week':
      return daysBefore(now, 7);
  }
}

function daysBefore(now: Date, days: number): Date {
  const moment = new Date(now.getTime());
  moment.setDate(moment.getDate() - days);
  return moment;
}

/** Two digits, as `datetime-local` writes months, days, hours and minutes. */
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `date` in the browser's time zone as a `datetime-local` input's value, to the minute
 * (`YYYY-MM-DDTHH:mm`, the HTML Standard's "valid normalized local date and time string"
 * without seconds). `roundUp` takes the next minute when `date` is within one, for a lower
 * bound that must not be earlier than `date`.
 */
export function toInputValue(date: Date, roundUp = false): string {
  const minute = new Date(date.getTime());
  if (roundUp && (minute.getSeconds() > 0 || minute.getMilliseconds() > 0)) {
    minute.setMinutes(minute.getMinutes() + 1);
  }
  return (
    `${minute.getFullYear()}-${pad(minute.getMonth() + 1)}-${pad(minute.getDate())}` +
    `T${pad(minute.getHours())}:${pad(minute.getMinutes())}`
  );
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * The moment a `datetime-local` input's value names in the browser's time zone, or null when
 * the input is empty or incomplete (the browser gives "" until every part is filled).
 */
export function fromInputValue(value: string): Date | null {
  const parts = INPUT_VALUE.exec(value);
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds] = parts.slice(1).map((p) => Number(p ?? 0));
  const moment = new Date(year!, month! - 1, day!, hours!, minutes!, seconds!);
  // new Date() rolls 31 June over into 1 July; such a value names no moment.
  return moment.getDate() === day && moment.getMonth() === month! - 1 ? moment : null;
}

/**
 * The bounds a custom moment may take, as `datetime-local` values: from 30 days before `now`
 * (the first whole minute the history still keeps) up to `now`'s minute.
 */
export function customBounds(now: Date): { min: string; max: string } {
  return {
    min: toInputValue(new Date(now.getTime() - HISTORY_DAYS * DAY_MS), true),
    max: toInputValue(now),
  };
}
