import type { InterfaceLocale } from '@kith/validators';
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail/mailer';

/** One date a mail tells about. `year` is the year of the event itself, when known. */
export interface ReminderOccasion {
  contactId: string;
  contactName: string;
  /** `birthday`, `anniversary`, or `date` with the date's own `label`. */
  kind: 'birthday' | 'anniversary' | 'date';
  label: string;
  /** The date it falls on, `YYYY-MM-DD`. */
  occursOn: string;
  year: number | null;
}

/** Who the mail goes to and the links it carries. */
export interface ReminderRecipient {
  email: string;
  name: string;
  locale: InterfaceLocale | null;
  /** The app's address (PUBLIC_URL), for links to contacts and to /me. */
  publicUrl: string;
  /** The one-click unsubscribe address (RFC 8058). */
  unsubscribeUrl: string;
}

type Words = (typeof copy)['en'];

const copy = {
  en: {
    greeting: (name: string) => `Hi ${name},`,
    when: (days: number) => (days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : `In ${days} days`),
    what: (o: ReminderOccasion) =>
      o.kind === 'birthday'
        ? `${o.contactName}'s birthday`
        : o.kind === 'anniversary'
          ? `${o.contactName}'s anniversary`
          : `${o.contactName}: ${o.label}`,
    age: (o: ReminderOccasion, years: number) =>
      o.kind === 'birthday' ? `turns ${years}` : `${years} ${years === 1 ? 'year' : 'years'}`,
    open: 'Open in Kith',
    digestSubject: (parts: string[]) => `This week: ${parts.join(', ')}`,
    digestNothing: 'This week: nothing to remember',
    count: {
      birthday: (n: number) => `${n} ${n === 1 ? 'birthday' : 'birthdays'}`,
      anniversary: (n: number) => `${n} ${n === 1 ? 'anniversary' : 'anniversaries'}`,
      date: (n: number) => `${n} ${n === 1 ? 'other date' : 'other dates'}`,
      keepInTouch: (n: number) => `${n} ${n === 1 ? 'person' : 'people'} to keep in touch with`,
    },
    digestDates: 'Coming up in the next seven days:',
    digestKeepInTouch: 'Time to get in touch with:',
    dueSince: (date: string) => `due ${date}`,
    footer: 'You get these reminders because you turned them on in Kith.',
    settings: 'Change what you are reminded of',
    unsubscribe: 'Turn reminders off',
  },
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    when: (days: number) => (days === 0 ? 'Hoy' : days === 1 ? 'Mañana' : `Dentro de ${days} días`),
    what: (o: ReminderOccasion) =>
      o.kind === 'birthday'
        ? `cumpleaños de ${o.contactName}`
        : o.kind === 'anniversary'
          ? `aniversario de ${o.contactName}`
          : `${o.contactName}: ${o.label}`,
    age: (o: ReminderOccasion, years: number) =>
      o.kind === 'birthday' ? `cumple ${years}` : `${years} ${years === 1 ? 'año' : 'años'}`,
    open: 'Abrir en Kith',
    digestSubject: (parts: string[]) => `Esta semana: ${parts.join(', ')}`,
    digestNothing: 'Esta semana: nada que recordar',
    count: {
      birthday: (n: number) => `${n} cumpleaños`,
      anniversary: (n: number) => `${n} ${n === 1 ? 'aniversario' : 'aniversarios'}`,
      date: (n: number) => `${n} ${n === 1 ? 'otra fecha' : 'otras fechas'}`,
      keepInTouch: (n: number) =>
        `${n} ${n === 1 ? 'persona' : 'personas'} con quien retomar el contacto`,
    },
    digestDates: 'En los próximos siete días:',
    digestKeepInTouch: 'Es hora de hablar con:',
    dueSince: (date: string) => `desde el ${date}`,
    footer: 'Recibes estos recordatorios porque los activaste en Kith.',
    settings: 'Cambiar qué te recordamos',
    unsubscribe: 'Desactivar los recordatorios',
  },
} satisfies Record<InterfaceLocale, unknown>;

/** `date` (`YYYY-MM-DD`) as a person reads it: "Tuesday, 3 March" / "martes, 3 de marzo". */
export function readableDate(date: string, locale: InterfaceLocale): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Years since the event on the date it falls on: the age a birthday turns. Null without a year. */
export function yearsOn(occasion: ReminderOccasion): number | null {
  if (occasion.year === null) return null;
  const years = Number(occasion.occursOn.slice(0, 4)) - occasion.year;
  return years > 0 ? years : null;
}

function describe(words: Words, occasion: ReminderOccasion): string {
  const years = yearsOn(occasion);
  const what = words.what(occasion);
  return years === null ? what : `${what} (${words.age(occasion, years)})`;
}

/** RFC 8058 one-click unsubscribe: the link, and the header that says a POST is enough. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function contactUrl(recipient: ReminderRecipient, contactId: string): string {
  return `${recipient.publicUrl}/person/${contactId}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function layout(recipient: ReminderRecipient, words: Words, textBody: string[], htmlBody: string) {
  const settingsUrl = `${recipient.publicUrl}/me`;
  const text = [
    words.greeting(recipient.name),
    '',
    ...textBody,
    '',
    '—',
    words.footer,
    `${words.settings}: ${settingsUrl}`,
    `${words.unsubscribe}: ${recipient.unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529">
<p>${escapeHtml(words.greeting(recipient.name))}</p>
${htmlBody}
<p style="color:#495057;font-size:13px">${escapeHtml(words.footer)}<br>
<a href="${escapeHtml(settingsUrl)}">${escapeHtml(words.settings)}</a> ·
<a href="${escapeHtml(recipient.unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a></p>
</body></html>`;
  return { text, html };
}

/**
 * The mail for one date, `leadDays` before it: "In 3 days: Ana García's birthday
 * (turns 36)", the date in words, a link to the contact, and the unsubscribe link and headers.
 */
export function reminderMail(
  recipient: ReminderRecipient,
  occasion: ReminderOccasion,
  leadDays: number,
): MailMessage {
  const locale = recipient.locale ?? 'en';
  const words = copy[locale];
  const subject = `${words.when(leadDays)}: ${describe(words, occasion)}`;
  const date = readableDate(occasion.occursOn, locale);
  const link = contactUrl(recipient, occasion.contactId);
  const { text, html } = layout(
    recipient,
    words,
    [`${capitalised(describe(words, occasion))} — ${date}.`, `${words.open}: ${link}`],
    `<p><strong>${escapeHtml(capitalised(describe(words, occasion)))}</strong> — ${escapeHtml(date)}.</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>`,
  );
  return {
    to: recipient.email,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(recipient.unsubscribeUrl),
  };
}

/** A contact due for a keep-in-touch nudge, for the digest. */
export interface KeepInTouchDue {
  contactId: string;
  contactName: string;
  dueOn: string;
}

/**
 * The weekly digest: "This week: 3 birthdays, 1 anniversary", each date of the
 * next seven days with a link, and the contacts due for keeping in touch.
 */
export function digestMail(
  recipient: ReminderRecipient,
  occasions: ReminderOccasion[],
  keepInTouch: KeepInTouchDue[],
): MailMessage {
  const locale = recipient.locale ?? 'en';
  const words = copy[locale];
  const counts = (['birthday', 'anniversary', 'date'] as const)
    .map((kind) => [kind, occasions.filter((o) => o.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => words.count[kind](n));
  if (keepInTouch.length) counts.push(words.count.keepInTouch(keepInTouch.length));
  const subject = counts.length ? words.digestSubject(counts) : words.digestNothing;

  const textBody: string[] = [];
  let htmlBody = '';
  if (occasions.length) {
    textBody.push(words.digestDates, '');
    htmlBody += `<p>${escapeHtml(words.digestDates)}</p><ul>`;
    for (const o of occasions) {
      const line = `${capitalised(readableDate(o.occursOn, locale))}: ${describe(words, o)}`;
      textBody.push(`- ${line}  ${contactUrl(recipient, o.contactId)}`);
      htmlBody += `<li><a href="${escapeHtml(contactUrl(recipient, o.contactId))}">${escapeHtml(line)}</a></li>`;
    }
    htmlBody += '</ul>';
  }
  if (keepInTouch.length) {
    if (textBody.length) textBody.push('');
    textBody.push(words.digestKeepInTouch, '');
    htmlBody += `<p>${escapeHtml(words.digestKeepInTouch)}</p><ul>`;
    for (const k of keepInTouch) {
      const line = `${k.contactName} (${words.dueSince(readableDate(k.dueOn, locale))})`;
      textBody.push(`- ${line}  ${contactUrl(recipient, k.contactId)}`);
      htmlBody += `<li><a href="${escapeHtml(contactUrl(recipient, k.contactId))}">${escapeHtml(line)}</a></li>`;
    }
    htmlBody += '</ul>';
  }
  const { text, html } = layout(recipient, words, textBody, htmlBody);
  return {
    to: recipient.email,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(recipient.unsubscribeUrl),
  };
}
