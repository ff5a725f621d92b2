import type { InterfaceLocale } from '@kith/validators';
import type { MailMessage } from './mailer';

/** The words of the code mails, in each interface language; English when none is chosen. */
const copy = {
  en: {
    verifySubject: (code: string) => `${code} is your Kith verification code`,
    recoverSubject: (code: string) => `${code} is your Kith password reset code`,
    greeting: (name: string) => `Hi ${name},`,
    verifyLead: 'Welcome to Kith. Enter this code to confirm your email address:',
    verifyFooter: 'If you did not sign up for Kith, you can ignore this email.',
    recoverLead:
      'Someone asked to reset the password of your Kith account. Enter this code to continue:',
    recoverFooter: 'If this was not you, ignore this email: your password stays as it is.',
    validity: 'The code is valid for 10 minutes.',
  },
  es: {
    verifySubject: (code: string) => `${code} es tu código de verificación de Kith`,
    recoverSubject: (code: string) => `${code} es tu código para restablecer la contraseña de Kith`,
    greeting: (name: string) => `Hola, ${name}:`,
    verifyLead: 'Te damos la bienvenida a Kith. Introduce este código para confirmar tu correo:',
    verifyFooter: 'Si no te has registrado en Kith, puedes ignorar este correo.',
    recoverLead:
      'Alguien ha pedido restablecer la contraseña de tu cuenta de Kith. Introduce este código para continuar:',
    recoverFooter: 'Si no has sido tú, ignora este correo: tu contraseña sigue igual.',
    validity: 'El código es válido durante 10 minutos.',
  },
} satisfies Record<InterfaceLocale, unknown>;

/**
 * The message that carries a sign-up verification code (an account is verified by a one-time
 * code mailed to it, docs/product/screens.md#what-kith-does), in the account's language.
 */
export function verificationMail(
  to: string,
  name: string,
  code: string,
  locale: InterfaceLocale | null = null,
): MailMessage {
  const words = copy[locale ?? 'en'];
  return codeMail(to, {
    subject: words.verifySubject(code),
    greeting: words.greeting(name),
    lead: words.verifyLead,
    footer: words.verifyFooter,
    validity: words.validity,
    code,
  });
}

/** The message that carries a password-recovery code, in the account's language. */
export function recoveryMail(
  to: string,
  name: string,
  code: string,
  locale: InterfaceLocale | null = null,
): MailMessage {
  const words = copy[locale ?? 'en'];
  return codeMail(to, {
    subject: words.recoverSubject(code),
    greeting: words.greeting(name),
    lead: words.recoverLead,
    footer: words.recoverFooter,
    validity: words.validity,
    code,
  });
}

function codeMail(
  to: string,
  parts: {
    subject: string;
    greeting: string;
    lead: string;
    footer: string;
    validity: string;
    code: string;
  },
): MailMessage {
  const text = [
    parts.greeting,
    '',
    parts.lead,
    '',
    `    ${parts.code}`,
    '',
    parts.validity,
    '',
    parts.footer,
    '',
    '— Kith',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529">
<p>${escapeHtml(parts.greeting)}</p>
<p>${escapeHtml(parts.lead)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${parts.code}</p>
<p>${escapeHtml(parts.validity)}</p>
<p style="color:#495057">${escapeHtml(parts.footer)}</p>
<p>— Kith</p>
</body></html>`;
  return { to, subject: parts.subject, text, html };
}

/** Escapes text for an HTML mail body or attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
