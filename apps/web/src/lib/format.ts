import { currentLocale } from './i18n';

/**
 * Dates and numbers in the interface language's conventions (Intl). English uses en-GB so
 * dates read day, full month name, year, as the screens show them ("12 March 2026",
 * docs/product/screens.md#trash-screen).
 */
const INTL_LOCALES = { en: 'en-GB', es: 'es-ES' } as const;

const intlLocale = () => INTL_LOCALES[currentLocale()];

/** "12 March 2026" / "12 de marzo de 2026". */
export function formatLongDate(date: Date | string): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(date));
}

/** "15 April" / "15 de abril": a birthday without a year. `month` counts from 0. */
export function formatDayMonth(month: number, day: number): string {
  return new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'long' }).format(
    new Date(2000, month, day),
  );
}

/** "March" / "Marzo": a month's name on its own, as a list offers it. `month` counts from 0. */
export function formatMonthName(month: number): string {
  const locale = intlLocale();
  const name = new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2000, month, 1));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** "12 March 2026 at 14:05" / "12 de marzo de 2026, 14:05". */
export function formatDateTime(date: Date | string): string {
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(date),
  );
}

/** "1,234" / "1234" (Spanish groups from five digits). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(intlLocale()).format(n);
}

/** "10 March 2027" / "10 de marzo de 2027": a plain date (`YYYY-MM-DD`, no time, no zone). */
export function formatPlainDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(y, m - 1, d));
}

/** "a, b and c" / "a, b y c": phrases joined as a sentence joins them (a conjunction list). */
export function formatList(parts: readonly string[]): string {
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction', style: 'long' }).format(parts);
}
