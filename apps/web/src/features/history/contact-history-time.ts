import { currentLocale } from '../../lib/i18n';

const INTL_LOCALES = { en: 'en-GB', es: 'es-ES' } as const;

/** The units a moment is counted in, each with its length in ms, largest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `moment` was, in the interface language, as a History lists its changes:
 * "now" under a minute, then "5 minutes ago", "2 hours ago", "yesterday", "12 days ago"
 * (Intl.RelativeTimeFormat, counted down in whole units). `now` is in ms since the epoch.
 */
export function timeAgo(moment: Date, now: number = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[currentLocale()], { numeric: 'auto' });
  const elapsed = Math.max(0, now - moment.getTime());
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}
