import { createHash } from 'node:crypto';
import { REMINDER_LINK_TOKEN, type InterfaceLocale } from '@kith/validators';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { escapeHtml } from '../mail/templates';
import type { ApiDependencies } from '../trpc/context';
import { calendarFeedText, feedOwner } from './calendar-feed';
import { CALENDAR_FEED_PATH, UNSUBSCRIBE_PATH } from './paths';
import { turnRemindersOff, unsubscriber } from './settings.service';

/** How long a calendar app may keep the feed before asking again, in seconds. */
const FEED_MAX_AGE_S = 60 * 60;

function refuse(reply: FastifyReply, status: 400 | 404, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ success: false, message, data: null });
}

const BAD_FEED = 'This is not a calendar feed address: check that it was copied whole.';
const NO_FEED = 'Calendar feed not found. It may have been revoked; make a new one in Kith.';
const BAD_LINK = 'This is not an unsubscribe link: check that it was copied whole.';
const NO_LINK = 'Unsubscribe link not found.';

const pageWords = {
  en: {
    title: 'Kith reminders',
    ask: 'Turn off reminder emails from Kith for this account?',
    button: 'Turn reminders off',
    done: 'Reminders are off. You will get no more reminder emails. You can turn them on again on your profile page in Kith.',
    expired:
      'This link has expired: your reminder settings changed after this email was sent. Use the link in your newest reminder email, or turn reminders off on your profile page in Kith.',
  },
  es: {
    title: 'Recordatorios de Kith',
    ask: '¿Desactivar los correos de recordatorio de Kith para esta cuenta?',
    button: 'Desactivar los recordatorios',
    done: 'Los recordatorios están desactivados. No recibirás más correos de recordatorio. Puedes volver a activarlos en tu perfil de Kith.',
    expired:
      'Este enlace ha caducado: tus ajustes de recordatorios cambiaron después de enviarse este correo. Usa el enlace de tu correo de recordatorio más reciente, o desactiva los recordatorios en tu perfil de Kith.',
  },
} satisfies Record<InterfaceLocale, unknown>;

function page(reply: FastifyReply, locale: InterfaceLocale | null, body: string) {
  const words = pageWords[locale ?? 'en'];
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${locale ?? 'en'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(words.title)}</title></head><body><main><h1>${escapeHtml(words.title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * The reminder paths that need no sign-in:
 * - `GET /api/calendar/<token>.ics`: the account's birthdays and anniversaries (RFC 5545),
 *   with an ETag (a SHA-256 of the text; `If-None-Match` answers 304) and an hour's
 *   `Cache-Control`. 400 for a token of the wrong shape; 404 for one unknown or revoked, or
 *   signed for another purpose, alike, so nothing tells another account's feeds apart.
 * - `POST /api/reminders/unsubscribe/<token>`: RFC 8058 one-click unsubscribe; turns the
 *   account's reminders off and answers a short page. `GET` shows that page with a button
 *   that POSTs, so a mail scanner that follows links turns nothing off. The token is signed
 *   for the reminder settings' version (`linkVersion`): after the settings are saved again
 *   (changed, or reminders turned back on) an older link answers 410 Gone with a page saying
 *   it has expired, and changes nothing. 400 for the wrong shape, 404 for unknown or forged.
 */
export const remindersPlugin: FastifyPluginAsync<{ deps: ApiDependencies }> = async (
  app,
  { deps },
) => {
  app.get<{ Params: { file: string } }>(`${CALENDAR_FEED_PATH}/:file`, async (req, reply) => {
    const token = req.params.file.endsWith('.ics') ? req.params.file.slice(0, -4) : '';
    if (!REMINDER_LINK_TOKEN.test(token)) return refuse(reply, 400, BAD_FEED);
    const owner = await feedOwner(deps.db, deps.keys, token);
    if (!owner) return refuse(reply, 404, NO_FEED);
    const text = await calendarFeedText(deps.db, owner, deps.publicUrl);
    const etag = `"${createHash('sha256').update(text).digest('base64url')}"`;
    reply
      .header('etag', etag)
      .header('cache-control', `private, max-age=${FEED_MAX_AGE_S}`)
      .header('x-content-type-options', 'nosniff');
    const asked = req.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="kith.ics"')
      .send(text);
  });

  /** 410 Gone (RFC 9110 §15.5.11): the page that says the link has expired. */
  function expiredPage(reply: FastifyReply, locale: InterfaceLocale | null) {
    reply.code(410);
    return page(reply, locale, `<p>${escapeHtml(pageWords[locale ?? 'en'].expired)}</p>`);
  }

  app.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (req, reply) => {
    const { token } = req.params;
    if (!REMINDER_LINK_TOKEN.test(token)) return refuse(reply, 400, BAD_LINK);
    const user = await unsubscriber(deps, token);
    if (!user) return refuse(reply, 404, NO_LINK);
    if (user.expired) return expiredPage(reply, user.locale);
    const words = pageWords[user.locale ?? 'en'];
    return page(
      reply,
      user.locale,
      `<p>${escapeHtml(words.ask)}</p><form method="post"><button type="submit">${escapeHtml(words.button)}</button></form>`,
    );
  });

  // RFC 8058 §3.1: the mail client POSTs `List-Unsubscribe=One-Click` as a form; the body
  // says nothing the address does not, so it is read and ignored.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (req, reply) => {
      const { token } = req.params;
      if (!REMINDER_LINK_TOKEN.test(token)) return refuse(reply, 400, BAD_LINK);
      const user = await unsubscriber(deps, token);
      if (!user) return refuse(reply, 404, NO_LINK);
      if (user.expired) return expiredPage(reply, user.locale);
      await turnRemindersOff(deps.db, user.id);
      return page(reply, user.locale, `<p>${escapeHtml(pageWords[user.locale ?? 'en'].done)}</p>`);
    });
  });
};
