import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../credentials/authenticate';
import { SESSION_ENDED_MESSAGE } from '../credentials/sessions';
import type { ApiDependencies } from '../trpc/context';
import { accountEmail, appPasswordOfAccount } from './app-passwords.service';
import { appleProfile } from './apple-profile';

/** Where the "Sync with your phone" page posts for the one-tap profile. */
export const APPLE_PROFILE_PATH = '/api/app-passwords/apple-profile';

/** What a well-shaped password that is not one of the account's live app passwords gets. */
export const NOT_A_LIVE_APP_PASSWORD =
  'This app password has been revoked or is not one of yours. Make a new one on this page.';

/** An app password as `appPasswords.create` gives it: four groups of four symbols. */
const APP_PASSWORD_SHAPE = /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/;

/**
 * `POST /api/app-passwords/apple-profile` (a form: `password`, `deviceName`): the signed-in
 * person's CardDAV account as an Apple configuration profile to download and install
 * (`application/x-apple-aspen-config`). A form post, not a procedure, so Safari receives the
 * file itself and offers to install it; the password travels in the body, never in a URL,
 * and is not kept. 403 without a live session; 400 for a password of another shape, and for
 * one that is not a live app password of this account (checked against the store as CardDAV's
 * sign-in checks it), so no profile is made that could never sign in.
 */
export const appleProfilePlugin: FastifyPluginAsync<{ deps: ApiDependencies }> = async (
  app,
  { deps },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post(APPLE_PROFILE_PATH, async (req, reply) => {
    const session = await authenticate({ ...deps, req });
    if (!session) return reply.code(403).send({ message: SESSION_ENDED_MESSAGE });
    const form = (req.body ?? {}) as Record<string, unknown>;
    const password = typeof form.password === 'string' ? form.password : '';
    const deviceName = typeof form.deviceName === 'string' ? form.deviceName.slice(0, 100) : '';
    if (!APP_PASSWORD_SHAPE.test(password)) {
      return reply.code(400).send({ message: 'This is not an app password from Kith.' });
    }
    const appPasswordId = await appPasswordOfAccount(deps, session.userId, password);
    if (!appPasswordId) {
      return reply.code(400).send({ message: NOT_A_LIVE_APP_PASSWORD });
    }
    const email = await accountEmail(deps.db, session.userId);
    if (email === undefined) return reply.code(403).send({ message: SESSION_ENDED_MESSAGE });
    const profile = await appleProfile({
      publicUrl: deps.publicUrl,
      userId: session.userId,
      appPasswordId,
      email,
      password,
      deviceName: deviceName || 'your device',
    });
    return reply
      .header('content-type', 'application/x-apple-aspen-config')
      .header('content-disposition', 'attachment; filename="kith-contacts.mobileconfig"')
      .header('cache-control', 'no-store')
      .send(profile);
  });
};
