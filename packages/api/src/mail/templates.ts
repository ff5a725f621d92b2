import type { MailMessage } from './mailer';

/** The message that carries a sign-up verification code (SPEC §1: verification by one-time code). */
export function verificationMail(to: string, name: string, code: string): MailMessage {
  return codeMail(to, {
    subject: `${code} is your Kith verification code`,
    greeting: `Hi ${name},`,
    lead: 'Welcome to Kith. Enter this code to confirm your email address:',
    footer: 'If you did not sign up for Kith, you can ignore this email.',
    code,
  });
}

/** The message that carries a password-recovery code. */
export function recoveryMail(to: string, name: string, code: string): MailMessage {
  return codeMail(to, {
    subject: `${code} is your Kith password reset code`,
    greeting: `Hi ${name},`,
    lead: 'Someone asked to reset the password of your Kith account. Enter this code to continue:',
    footer: 'If this was not you, ignore this email: your password stays as it is.',
    code,
  });
}

function codeMail(
  to: string,
  parts: { subject: string; greeting: string; lead: string; footer: string; code: string },
): MailMessage {
  const text = [
    parts.greeting,
    '',
    parts.lead,
    '',
    `    ${parts.code}`,
    '',
    'The code is valid for 10 minutes.',
    '',
    parts.footer,
    '',
    '— Kith',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529">
<p>${escapeHtml(parts.greeting)}</p>
<p>${escapeHtml(parts.lead)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${parts.code}</p>
<p>The code is valid for 10 minutes.</p>
<p style="color:#495057">${escapeHtml(parts.footer)}</p>
<p>— Kith</p>
</body></html>`;
  return { to, subject: parts.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
