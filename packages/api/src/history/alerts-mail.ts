import { isIanaTimeZone, type InterfaceLocale } from '@kith/validators';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';

/** Who the sync alert's mail goes to, and where Kith is. */
export interface SyncAlertRecipient {
  email: string;
  name: string;
  locale: InterfaceLocale | null;
  /** The zone the mail's times are written in (the account's reminders' zone, else UTC). */
  timeZone: string;
  /** The app's address (PUBLIC_URL); the notice is on every signed-in page. */
  publicUrl: string;
}

/** The burst the mail tells about. */
export interface SyncAlertFacts {
  appPasswordName: string;
  since: Date;
  until: Date;
  contactsChanged: number;
}

const copy = {
  en: {
    subject: (device: string, n: number) =>
      `${device} changed ${n} ${n === 1 ? 'contact' : 'contacts'} in Kith`,
    greeting: (name: string) => `Hi ${name},`,
    what: (device: string, n: number, day: string, from: string, to: string, zone: string) =>
      `The app signed in with your app password “${device}” deleted or changed ${n} of your contacts on ${day}, between ${from} and ${to} (${zone}).`,
    kept: 'Kith let the changes through and kept every contact as it was before them.',
    undo: 'If you did not mean this, open Kith and choose “Undo these changes” in the notice at the top: each of those contacts goes back as it was just before, and nothing else changes.',
    keep: 'If it is what you wanted, choose “Keep them”.',
    open: 'Open Kith',
    footer:
      'Kith writes when one app password deletes or changes more than 50 contacts, or more than a fifth of your address book, within 10 minutes.',
  },
  es: {
    subject: (device: string, n: number) =>
      `${device} cambió ${n} ${n === 1 ? 'contacto' : 'contactos'} en Kith`,
    greeting: (name: string) => `Hola, ${name}:`,
    what: (device: string, n: number, day: string, from: string, to: string, zone: string) =>
      `La aplicación conectada con tu contraseña de aplicación «${device}» eliminó o cambió ${n} de tus contactos el ${day}, entre las ${from} y las ${to} (${zone}).`,
    kept: 'Kith aceptó los cambios y guardó cada contacto como era antes de ellos.',
    undo: 'Si no querías hacerlo, abre Kith y elige «Deshacer estos cambios» en el aviso de arriba: cada uno de esos contactos vuelve a estar como justo antes, y nada más cambia.',
    keep: 'Si es lo que querías, elige «Mantenerlos».',
    open: 'Abrir Kith',
    footer:
      'Kith te escribe cuando una contraseña de aplicación elimina o cambia más de 50 contactos, o más de la quinta parte de tu libreta, en 10 minutos.',
  },
} satisfies Record<InterfaceLocale, unknown>;

/** A moment's day and time of day in `timeZone`, as the locale writes them. */
function inZone(at: Date, locale: InterfaceLocale, timeZone: string) {
  const tag = locale === 'es' ? 'es-ES' : 'en-GB';
  // The reminders' zone was checked when it was saved; UTC should the runtime not know it.
  const zone = isIanaTimeZone(timeZone) ? timeZone : 'UTC';
  return {
    zone,
    day: new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: zone,
    }).format(at),
    time: new Intl.DateTimeFormat(tag, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    }).format(at),
  };
}

/**
 * The one mail of a sync alert (docs/history.md#safety-rails-for-sync), in the account's
 * language: which app password, how many contacts it deleted or changed and when, and a link
 * to Kith, where the notice with "Undo these changes" is.
 */
export function syncAlertMail(recipient: SyncAlertRecipient, alert: SyncAlertFacts): MailMessage {
  const locale = recipient.locale ?? 'en';
  const words = copy[locale];
  const from = inZone(alert.since, locale, recipient.timeZone);
  const to = inZone(alert.until, locale, recipient.timeZone);
  const link = `${recipient.publicUrl}/`;
  const what = words.what(
    alert.appPasswordName,
    alert.contactsChanged,
    from.day,
    from.time,
    to.time,
    from.zone,
  );
  const text = [
    words.greeting(recipient.name),
    '',
    what,
    words.kept,
    '',
    words.undo,
    words.keep,
    '',
    `${words.open}: ${link}`,
    '',
    '—',
    words.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529">
<p>${escapeHtml(words.greeting(recipient.name))}</p>
<p><strong>${escapeHtml(what)}</strong> ${escapeHtml(words.kept)}</p>
<p>${escapeHtml(words.undo)} ${escapeHtml(words.keep)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>
<p style="color:#495057;font-size:13px">${escapeHtml(words.footer)}</p>
</body></html>`;
  return {
    to: recipient.email,
    subject: words.subject(alert.appPasswordName, alert.contactsChanged),
    text,
    html,
  };
}
