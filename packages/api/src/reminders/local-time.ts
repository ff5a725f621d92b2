/**
 * Calendar arithmetic for reminders, on plain dates (`YYYY-MM-DD`, no time, no zone) and
 * IANA time zones through `Intl` (whose tz database moves with Node's ICU, daylight-saving
 * changes included).
 */

/** A person's wall clock at one instant: their date, minutes after midnight, ISO weekday. */
export interface LocalTime {
  date: string;
  minute: number;
  /** 1 = Monday ... 7 = Sunday (ISO 8601). */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/**
 * The date and time `instant` shows on a clock in `timeZone`.
 *
 * @throws RangeError when `timeZone` is unknown to this runtime (settings are validated with
 * `isIanaTimeZone` before they are stored).
 */
export function localTime(instant: Date, timeZone: string): LocalTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

/** `date` plus `days` (negative to go back), as a plain date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether `year` has a 29 February (Gregorian rules). */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The month-days whose dates fall on `date`: its own, and 29 February on the 28th of a year
 * without one (a leap-day birthday is remembered on 28 February in other years).
 */
export function monthDaysFallingOn(date: string): { month: number; day: number }[] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const own = [{ month, day }];
  return month === 2 && day === 28 && !isLeapYear(year) ? [...own, { month: 2, day: 29 }] : own;
}

/** 'HH:MM' as minutes after midnight, and back. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
