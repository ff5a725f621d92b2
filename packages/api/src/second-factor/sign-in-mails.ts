import { isIanaTimeZone, type InterfaceLocale } from '@kith/validators';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';

/** Who a sign-in mail goes to. */
export interface SignInMailRecipient {
  email: string;
  name: string;
  locale: InterfaceLocale | null;
  /** The zone the mail's time is written in (the account's reminders' zone, else UTC). */
  timeZone: string;
  /** The app's address (PUBLIC_URL), for the link to the profile page. */
  publicUrl: string;
}

/** What the mail says about the attempt. */
export interface SignInFacts {
  at: Date;
  /** The browser's User-Agent header, as sent. */
  userAgent?: string;
  ipAddress?: string;
}

const copy = {
  en: {
    newSubject: 'New sign-in to your Kith account',
    failedSubject: 'Someone entered your Kith password but not your second step',
    greeting: (name: string) => `Hi ${name},`,
    newLead: 'Your Kith account was just signed in to from a browser it had not been used from.',
    failedLead:
      'Someone entered the right password for your Kith account, then failed the second step (authenticator code, passkey or recovery code). They were not let in.',
    when: 'When',
    browser: 'Browser',
    address: 'IP address',
    unknown: 'unknown',
    newFooter:
      'If this was you, there is nothing to do. If not, change your password now and sign the other sessions out on your profile page:',
    failedFooter:
      'If this was not you, your password is known to someone else: change it now on your profile page:',
  },
  es: {
    newSubject: 'Nuevo inicio de sesión en tu cuenta de Kith',
    failedSubject: 'Alguien escribió tu contraseña de Kith pero no superó el segundo paso',
    greeting: (name: string) => `Hola, ${name}:`,
    newLead:
      'Se acaba de iniciar sesión en tu cuenta de Kith desde un navegador que no se había usado antes.',
    failedLead:
      'Alguien escribió la contraseña correcta de tu cuenta de Kith y después falló el segundo paso (código de la aplicación de autenticación, llave de acceso o código de recuperación). No ha podido entrar.',
    when: 'Cuándo',
    browser: 'Navegador',
    address: 'Dirección IP',
    unknown: 'desconocido',
    newFooter:
      'Si has sido tú, no tienes que hacer nada. Si no, cambia tu contraseña ahora y cierra las otras sesiones en tu página de perfil:',
    failedFooter:
      'Si no has sido tú, alguien conoce tu contraseña: cámbiala ahora en tu página de perfil:',
  },
} satisfies Record<InterfaceLocale, unknown>;

/**
 * "Chrome on Linux" from a User-Agent header: the browser and the system a person would
 * recognise, or null for a header that names neither (a script, a legacy client).
 */
export function describeBrowser(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrom(e|ium)\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/iPhone|iPad/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}

function whenIn(at: Date, locale: InterfaceLocale, timeZone: string): string {
  const tag = locale === 'es' ? 'es-ES' : 'en-GB';
  // The reminders' zone was checked when it was saved; UTC should the runtime not know it.
  const zone = isIanaTimeZone(timeZone) ? timeZone : 'UTC';
  const formatted = new Intl.DateTimeFormat(tag, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  }).format(at);
  return `${formatted} (${zone})`;
}

function signInMail(
  recipient: SignInMailRecipient,
  facts: SignInFacts,
  kind: 'new' | 'failed',
): MailMessage {
  const locale = recipient.locale ?? 'en';
  const words = copy[locale];
  const lead = kind === 'new' ? words.newLead : words.failedLead;
  const footer = kind === 'new' ? words.newFooter : words.failedFooter;
  const rows: [string, string][] = [
    [words.when, whenIn(facts.at, locale, recipient.timeZone)],
    [words.browser, describeBrowser(facts.userAgent) ?? facts.userAgent ?? words.unknown],
    [words.address, facts.ipAddress ?? words.unknown],
  ];
  const link = `${recipient.publicUrl}/me`;
  const text = [
    words.greeting(recipient.name),
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    footer,
    link,
    '',
    '— Kith',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529">
<p>${escapeHtml(words.greeting(recipient.name))}</p>
<p>${escapeHtml(lead)}</p>
<table>${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<p>${escapeHtml(footer)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>— Kith</p>
</body></html>`;
  return {
    to: recipient.email,
    subject: kind === 'new' ? words.newSubject : words.failedSubject,
    text,
    html,
  };
}

/**
 * The mail sent when an account is signed in to from a browser it had not signed in from
 * (docs/sign-in-security.md#sign-in-mails), in the account's language: when, which browser, from
 * which address. No place is named: Kith looks nothing up with a third party.
 */
export function newSignInMail(recipient: SignInMailRecipient, facts: SignInFacts): MailMessage {
  return signInMail(recipient, facts, 'new');
}

/**
 * The mail sent on each failed second step after a right password
 * (docs/sign-in-security.md#sign-in-mails): the password is known to whoever tried.
 */
export function failedSecondFactorMail(
  recipient: SignInMailRecipient,
  facts: SignInFacts,
): MailMessage {
  return signInMail(recipient, facts, 'failed');
}
