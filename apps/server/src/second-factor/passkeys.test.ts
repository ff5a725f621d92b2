import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { SoftwareAuthenticator } from '../test-support/software-authenticator';
import { browser } from './browser';
import {
  mailsTo,
  nextMidStep,
  originOf,
  passwordStep,
  signedInBrowser,
  totpCode,
  withAuthenticatorApp,
  withPasskey,
} from './second-factor-helpers';

// Passkeys (WebAuthn Level 3) through the procedures, with a software authenticator: adding
// one, signing in with it alone or as the second step, removing it after a fresh check.

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = originOf(t);
});

afterAll(async () => {
  await t.close();
});

const STEP_UP = 'Confirm it is you with your second factor first.';
const UNKNOWN = 'This passkey is not registered with Kith.';

describe('adding a passkey', () => {
  it('asks for a discoverable credential of this account and keeps the one made', async () => {
    const { user, b } = await signedInBrowser(t);
    const api = await b.api();
    const options = await api.security.passkeyRegistrationOptions();
    expect(options.rp).toMatchObject({ id: new URL(origin).hostname, name: 'Kith' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    expect(options.excludeCredentials).toEqual([]);

    const authenticator = new SoftwareAuthenticator();
    const response = await authenticator.register(options, { origin });
    const added = await api.security.addPasskey({ name: '  Work laptop ', response });
    expect(added.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(added.recoveryCodes).toHaveLength(10);
    const overview = await api.security.overview();
    expect(overview).toMatchObject({
      secondFactorOn: true,
      passkeys: [{ id: added.passkey.id, name: 'Work laptop' }],
      totp: null,
      recoveryCodes: { left: 10 },
    });
  });

  it('needs a fresh check for another, excludes the first, and gives no new codes', async () => {
    const { b, authenticator } = await withPasskey(t);
    const api = await b.api();
    await expect(api.security.passkeyRegistrationOptions()).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STEP_UP,
    });
    await confirmWithPasskey(b, authenticator);
    const options = await api.security.passkeyRegistrationOptions();
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([
      authenticator.credentials[0]!.id,
    ]);
    // The same authenticator refuses (as a browser does); another one adds its passkey.
    await expect(authenticator.register(options, { origin })).rejects.toThrow(/InvalidState/);
    const phone = new SoftwareAuthenticator();
    const added = await api.security.addPasskey({
      name: 'Phone',
      response: await phone.register(options, { origin, backedUp: true }),
    });
    expect(added.recoveryCodes).toBeNull();
    expect((await api.security.overview()).passkeys.map((p) => p.name)).toEqual([
      'Laptop',
      'Phone',
    ]);
  });

  it('renames a passkey of the account, and not one of another', async () => {
    const { b, passkey } = await withPasskey(t);
    const api = await b.api();
    const renamed = await api.security.renamePasskey({ id: passkey.id, name: 'Old laptop' });
    expect(renamed.passkey).toMatchObject({ id: passkey.id, name: 'Old laptop' });
    const stranger = await (await signedInBrowser(t)).b.api();
    await expect(
      stranger.security.renamePasskey({ id: passkey.id, name: 'Mine now' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.security.renamePasskey({ id: passkey.id, name: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      api.security.renamePasskey({ id: passkey.id, name: 'x'.repeat(65) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

/** Passes a step-up in `b` with the authenticator's passkey. */
async function confirmWithPasskey(
  b: Awaited<ReturnType<typeof signedInBrowser>>['b'],
  authenticator: SoftwareAuthenticator,
) {
  const api = await b.api();
  const options = await api.security.confirmOptions();
  return api.security.confirm({ passkey: await authenticator.authenticate(options, { origin }) });
}

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone: no email, no password, user verified', async () => {
    const { user, authenticator, passkey } = await withPasskey(t);
    const b = browser(t);
    const api = await b.api();
    const options = await api.passkeys.signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe(new URL(origin).hostname);

    const response = await authenticator.authenticate(options, { origin });
    const answer = await api.passkeys.signIn({ response });
    expect(answer.user).toMatchObject({ email: user.email });
    expect(b.signedIn()).toBe(true);
    expect((await api.auth.check()).user).toMatchObject({ email: user.email });
    const [listed] = (await api.security.overview()).passkeys;
    expect(listed).toMatchObject({ id: passkey.id });
    expect(listed!.lastUsedAt!.getTime()).toBeGreaterThan(passkey.createdAt.getTime());
    expect(listed!.lastUsedAt!.getTime()).toBeLessThanOrEqual(t.now().getTime());
  });

  it('refuses a passkey sign-in without user verification (it is both factors then)', async () => {
    const { authenticator } = await withPasskey(t);
    const b = browser(t);
    const api = await b.api();
    const options = await api.passkeys.signInOptions();
    const response = await authenticator.authenticate(options, { origin, userVerified: false });
    await expect(api.passkeys.signIn({ response })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(b.signedIn()).toBe(false);
  });

  it('is the second step after the password, with the account’s passkeys only', async () => {
    const { user, authenticator } = await withPasskey(t);
    const b = await passwordStep(t, user.email);
    const api = await b.api();
    expect(await api.secondFactor.pending()).toEqual({
      email: user.email,
      methods: ['passkey', 'recoveryCode'],
    });
    const options = await api.secondFactor.passkeyOptions();
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);
    const answer = await api.secondFactor.verifyPasskey({
      response: await authenticator.authenticate(options, { origin }),
    });
    expect(answer.user).toMatchObject({ email: user.email });
    expect(b.signedIn()).toBe(true);
    expect(b.jar).not.toHaveProperty('second_factor');
  });

  it('refuses another account’s passkey as the second step', async () => {
    const mine = await withPasskey(t);
    const theirs = await withPasskey(t);
    const b = await passwordStep(t, mine.user.email);
    const api = await b.api();
    const options = await api.secondFactor.passkeyOptions();
    // The browser would offer only the allowed passkeys; a script answers with any.
    const response = await theirs.authenticator.authenticate(options, {
      origin,
      credential: theirs.authenticator.credentials[0],
    });
    await expect(api.secondFactor.verifyPasskey({ response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(b.signedIn()).toBe(false);
  });

  it('accepts a synced passkey whose counter stays 0', async () => {
    const { b } = await signedInBrowser(t);
    const api = await b.api();
    const synced = new SoftwareAuthenticator();
    await api.security.addPasskey({
      name: 'Synced',
      response: await synced.register(await api.security.passkeyRegistrationOptions(), {
        origin,
        backedUp: true,
      }),
    });
    for (let i = 0; i < 2; i++) {
      const next = await browser(t).api();
      const options = await next.passkeys.signInOptions();
      const response = await synced.authenticate(options, { origin, counter: 0, backedUp: true });
      await expect(next.passkeys.signIn({ response })).resolves.toHaveProperty('user');
    }
  });

  it('refuses a passkey answer naming another account in its user handle', async () => {
    // WebAuthn Level 3 §7.2 step 6: the user handle must name the passkey's own account.
    const mine = await withPasskey(t);
    const theirs = await withPasskey(t);
    const b = browser(t);
    const api = await b.api();
    const options = await api.passkeys.signInOptions();
    const response = await mine.authenticator.authenticate(options, {
      origin,
      userHandle: theirs.authenticator.credentials[0]!.userHandle,
    });
    await expect(api.passkeys.signIn({ response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(b.signedIn()).toBe(false);
  });

  it('mails the account when a passkey fails the second step', async () => {
    const { user, authenticator } = await withPasskey(t);
    const b = await passwordStep(t, user.email);
    const api = await b.api();
    const before = mailsTo(t, user.email).length;
    const options = await api.secondFactor.passkeyOptions();
    const response = await authenticator.authenticate(options, { origin, rpId: 'evil.example' });
    await expect(api.secondFactor.verifyPasskey({ response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      mailsTo(t, user.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual(['Someone entered your Kith password but not your second step']);
  });

  it('refuses a counter that went back (a cloned authenticator)', async () => {
    const { authenticator } = await withPasskey(t);
    const sign = async (counter?: number) => {
      const b = browser(t);
      const api = await b.api();
      const options = await api.passkeys.signInOptions();
      return api.passkeys.signIn({
        response: await authenticator.authenticate(options, { origin, counter }),
      });
    };
    await expect(sign(7)).resolves.toHaveProperty('user');
    await expect(sign(7)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(sign(3)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(sign(8)).resolves.toHaveProperty('user');
  });
});

describe('removing a passkey', () => {
  it('needs a fresh check; the last one gone, the second factor is off', async () => {
    const { user, b, authenticator, passkey } = await withPasskey(t);
    const api = await b.api();
    await expect(api.security.removePasskey({ id: passkey.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STEP_UP,
    });
    const { confirmedUntil } = await confirmWithPasskey(b, authenticator);
    expect(confirmedUntil.getTime()).toBeGreaterThan(t.now().getTime());
    expect(await api.security.removePasskey({ id: passkey.id })).toEqual({ removed: true });
    expect(await api.security.overview()).toMatchObject({
      secondFactorOn: false,
      passkeys: [],
      recoveryCodes: null,
    });

    // Gone: it signs in nowhere, and the password alone signs in.
    const next = browser(t);
    const nextApi = await next.api();
    const options = await nextApi.passkeys.signInOptions();
    await expect(
      nextApi.passkeys.signIn({ response: await authenticator.authenticate(options, { origin }) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: UNKNOWN });
    expect(
      await nextApi.auth.login({ email: user.email, password: 'kith-harbour-42' }),
    ).toHaveProperty('user');
  });

  it('keeps the factor on, and the recovery codes, while an authenticator app remains', async () => {
    const { b, secret } = await withAuthenticatorApp(t);
    const api = await b.api();
    nextMidStep(t);
    await api.security.confirm({ totp: totpCode(secret, t.now()) });
    const options = await api.security.passkeyRegistrationOptions();
    const authenticator = new SoftwareAuthenticator();
    const added = await api.security.addPasskey({
      name: 'Key',
      response: await authenticator.register(options, { origin }),
    });
    expect(added.recoveryCodes).toBeNull();
    await api.security.removePasskey({ id: added.passkey.id });
    expect(await api.security.overview()).toMatchObject({
      secondFactorOn: true,
      passkeys: [],
      recoveryCodes: { left: 10 },
    });
  });
});

describe('hostile passkey input answers 400, never 500', () => {
  /** A signed-in browser holding fresh registration options. */
  async function registering() {
    const { b } = await signedInBrowser(t);
    const api = await b.api();
    const options = await api.security.passkeyRegistrationOptions();
    const response = await new SoftwareAuthenticator().register(options, { origin });
    return { api, options, response };
  }

  it('refuses attestations that are not base64url, not CBOR, or CBOR of something else', async () => {
    const { api, response } = await registering();
    const withAttestation = (attestationObject: string) => ({
      name: 'Key',
      response: { ...response, response: { ...response.response, attestationObject } },
    });
    for (const attestationObject of [
      'not base64url at all!',
      Buffer.from('garbage that is no CBOR').toString('base64url'),
      Buffer.from([0x1a, 0, 0, 0, 1]).toString('base64url'), // CBOR: the number 1
      Buffer.from([0xa1, 0x63, 0x66, 0x6d, 0x74, 0x64, 0x6e, 0x6f, 0x6e, 0x65]).toString(
        'base64url',
      ), // {fmt: 'none'} and nothing else
      '',
    ]) {
      await expect(
        api.security.addPasskey(withAttestation(attestationObject)),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    const badClientData = {
      name: 'Key',
      response: { ...response, response: { ...response.response, clientDataJSON: 'e30' } }, // {}
    };
    await expect(api.security.addPasskey(badClientData)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await api.security.overview()).passkeys).toEqual([]);
  });

  it('refuses a registration from another origin or for another RP ID', async () => {
    const { b } = await signedInBrowser(t);
    const api = await b.api();
    const authenticator = new SoftwareAuthenticator();
    const other = await authenticator.register(await api.security.passkeyRegistrationOptions(), {
      origin: 'https://kith.evil.example',
    });
    await expect(api.security.addPasskey({ name: 'K', response: other })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const rp = await authenticator.register(await api.security.passkeyRegistrationOptions(), {
      origin,
      rpId: 'evil.example',
    });
    await expect(api.security.addPasskey({ name: 'K', response: rp })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await api.security.overview()).passkeys).toEqual([]);
  });

  it('refuses a registration answer submitted twice (the challenge is spent)', async () => {
    const { api, response } = await registering();
    await api.security.addPasskey({ name: 'Key', response });
    await expect(api.security.addPasskey({ name: 'Key', response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await api.security.overview()).passkeys).toHaveLength(1);
  });

  it('refuses a registration answering another account’s challenge', async () => {
    const { options } = await registering();
    const { b } = await signedInBrowser(t);
    const response = await new SoftwareAuthenticator().register(options, { origin });
    await expect(
      (await b.api()).security.addPasskey({ name: 'Key', response }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses sign-ins from another origin, for another RP ID, or replayed', async () => {
    const { authenticator } = await withPasskey(t);
    const attempt = async (tamper: { origin?: string; rpId?: string }) => {
      const api = await browser(t).api();
      const options = await api.passkeys.signInOptions();
      const response = await authenticator.authenticate(options, { origin, ...tamper });
      return api.passkeys.signIn({ response });
    };
    await expect(attempt({ origin: 'https://kith.evil.example' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(attempt({ rpId: 'evil.example' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });

    const b = browser(t);
    const api = await b.api();
    const response = await authenticator.authenticate(await api.passkeys.signInOptions(), {
      origin,
    });
    await api.passkeys.signIn({ response });
    const replay = browser(t);
    await expect((await replay.api()).passkeys.signIn({ response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(replay.signedIn()).toBe(false);
  });

  it('refuses an assertion of a credential Kith never registered', async () => {
    await withPasskey(t);
    const api = await browser(t).api();
    const options = await api.passkeys.signInOptions();
    // Made for Kith's RP ID, but its registration was never sent.
    const stray = new SoftwareAuthenticator();
    await stray.register(
      {
        rp: { id: new URL(origin).hostname, name: 'Kith' },
        user: { id: 'c3RyYXk', name: 'stray', displayName: 'Stray' },
        challenge: 'c3RyYXk',
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      },
      { origin },
    );
    const response = await stray.authenticate(options, { origin });
    await expect(api.passkeys.signIn({ response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: UNKNOWN,
    });
  });

  it('refuses an answer to a challenge of another ceremony, or one never issued', async () => {
    const { user, authenticator } = await withPasskey(t);
    const b = await passwordStep(t, user.email);
    const api = await b.api();
    // The second step's challenge, answered to the passkey-alone sign-in.
    const secondStep = await api.secondFactor.passkeyOptions();
    const response = await authenticator.authenticate(secondStep, { origin });
    await expect(api.passkeys.signIn({ response })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const forged = await authenticator.authenticate(await api.secondFactor.passkeyOptions(), {
      origin,
      challenge: Buffer.from('never issued').toString('base64url'),
    });
    await expect(api.secondFactor.verifyPasskey({ response: forged })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(b.signedIn()).toBe(false);
  });

  it('refuses huge and malformed answers by their shape', async () => {
    const { api, response } = await registering();
    const huge = 'A'.repeat(1_000_000);
    await expect(
      api.security.addPasskey({
        name: 'Key',
        response: { ...response, response: { ...response.response, attestationObject: huge } },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      api.security.addPasskey({ name: 'Key', response: { ...response, id: huge } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { authenticator } = await withPasskey(t);
    const tampers: ((answer: AuthenticationResponseJSON) => AuthenticationResponseJSON)[] = [
      (a) => ({ ...a, response: { ...a.response, signature: huge } }),
      (a) => ({ ...a, response: { ...a.response, authenticatorData: '' } }),
      (a) => ({ ...a, response: { ...a.response, authenticatorData: 'AAAA' } }),
      (a) => ({ ...a, response: { ...a.response, signature: 'AAAA' } }),
      (a) => ({ ...a, response: { ...a.response, clientDataJSON: 'bm90IEpTT04' } }), // not JSON
      (a) => ({ ...a, response: { ...a.response, userHandle: huge } }),
      (a) => ({ ...a, type: 'password' as 'public-key' }),
    ];
    for (const tamper of tampers) {
      const signIn = await browser(t).api();
      const answer = await authenticator.authenticate(await signIn.passkeys.signInOptions(), {
        origin,
      });
      await expect(signIn.passkeys.signIn({ response: tamper(answer) })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
  });
});
