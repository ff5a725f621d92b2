import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from './software-authenticator';

// The software authenticator proven against an independent verifier, @simplewebauthn/server,
// so the passkey tests that use it test the server and not the authenticator.

const origin = 'http://localhost:3000';
const rpID = 'localhost';

async function registered(options: { backedUp?: boolean } = {}) {
  const authenticator = new SoftwareAuthenticator();
  const creation = await generateRegistrationOptions({
    rpName: 'Kith',
    rpID,
    userName: 'ada@example.com',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const response = await authenticator.register(creation, { origin, ...options });
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: creation.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  });
  expect(verification.verified).toBe(true);
  const info = verification.registrationInfo!;
  const credential: WebAuthnCredential = {
    id: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
  };
  return { authenticator, creation, response, info, credential };
}

async function assertion(
  authenticator: SoftwareAuthenticator,
  credential: WebAuthnCredential,
  options: Omit<Parameters<SoftwareAuthenticator['authenticate']>[1], 'origin'> = {},
) {
  const request = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  const response = await authenticator.authenticate(request, { origin, ...options });
  return verifyAuthenticationResponse({
    response,
    expectedChallenge: request.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential,
    requireUserVerification: true,
  });
}

describe('software authenticator', () => {
  it('registers with attestation none: an ES256 key, counter 0, user verified', async () => {
    const { authenticator, creation, response, info } = await registered();
    expect(info.fmt).toBe('none');
    expect(info.credential.id).toBe(response.id);
    expect(info.credential.id).toBe(authenticator.credentials[0]!.id);
    expect(info.credential.counter).toBe(0);
    expect(info.userVerified).toBe(true);
    expect(info.credentialDeviceType).toBe('singleDevice');
    expect(info.credentialBackedUp).toBe(false);
    expect(info.aaguid).toBe('00000000-0000-0000-0000-000000000000');
    expect(authenticator.credentials[0]!.userHandle).toBe(creation.user.id);
    expect(response.response.publicKeyAlgorithm).toBe(-7);
  });

  it('reports a synced passkey with the backup flags', async () => {
    const { info } = await registered({ backedUp: true });
    expect(info.credentialDeviceType).toBe('multiDevice');
    expect(info.credentialBackedUp).toBe(true);
  });

  it('signs assertions the verifier accepts, the counter growing, with the user handle', async () => {
    const { authenticator, creation, credential } = await registered();
    const first = await assertion(authenticator, credential);
    expect(first.verified).toBe(true);
    expect(first.authenticationInfo.newCounter).toBe(1);
    credential.counter = first.authenticationInfo.newCounter;
    const second = await assertion(authenticator, credential);
    expect(second.authenticationInfo.newCounter).toBe(2);
    expect(second.authenticationInfo.userVerified).toBe(true);

    const request = await generateAuthenticationOptions({ rpID });
    const response = await authenticator.authenticate(request, { origin });
    expect(response.response.userHandle).toBe(creation.user.id);
    expect(isoBase64URL.isBase64URL(response.response.signature)).toBe(true);
  });

  it('picks the credential allowCredentials names, and refuses when none fits', async () => {
    const authenticator = new SoftwareAuthenticator();
    const creation = await generateRegistrationOptions({ rpName: 'Kith', rpID, userName: 'a' });
    await authenticator.register(creation, { origin });
    const second = await authenticator.register(
      await generateRegistrationOptions({ rpName: 'Kith', rpID, userName: 'b' }),
      { origin },
    );
    const request = await generateAuthenticationOptions({
      rpID,
      allowCredentials: [{ id: second.id }],
    });
    expect((await authenticator.authenticate(request, { origin })).id).toBe(second.id);

    const elsewhere = await generateAuthenticationOptions({ rpID: 'example.org' });
    await expect(
      authenticator.authenticate(elsewhere, { origin: 'https://example.org' }),
    ).rejects.toThrow(/NotAllowedError/);
    await expect(
      authenticator.register(
        await generateRegistrationOptions({
          rpName: 'Kith',
          rpID,
          userName: 'a',
          excludeCredentials: [{ id: second.id }],
        }),
        { origin },
      ),
    ).rejects.toThrow(/InvalidStateError/);
  });

  it('sends no user handle for a non-discoverable credential', async () => {
    const authenticator = new SoftwareAuthenticator();
    const creation = await generateRegistrationOptions({ rpName: 'Kith', rpID, userName: 'a' });
    const registration = await authenticator.register(creation, { origin, discoverable: false });
    const request = await generateAuthenticationOptions({
      rpID,
      allowCredentials: [{ id: registration.id }],
    });
    const response = await authenticator.authenticate(request, { origin });
    expect(response.response.userHandle).toBeUndefined();
    // Not discoverable: a sign-in without allowCredentials finds nothing.
    await expect(
      authenticator.authenticate(await generateAuthenticationOptions({ rpID }), { origin }),
    ).rejects.toThrow(/NotAllowedError/);
  });

  it('tampers on request: the verifier refuses each', async () => {
    const { authenticator, credential } = await registered();
    const request = await generateAuthenticationOptions({ rpID });
    const verify = (response: Awaited<ReturnType<SoftwareAuthenticator['authenticate']>>) =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: request.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential,
        requireUserVerification: true,
      });
    await expect(
      verify(await authenticator.authenticate(request, { origin: 'https://evil.example' })),
    ).rejects.toThrow(/origin/i);
    await expect(
      verify(await authenticator.authenticate(request, { origin, rpId: 'evil.example' })),
    ).rejects.toThrow(/RP ID/i);
    await expect(
      verify(await authenticator.authenticate(request, { origin, userVerified: false })),
    ).rejects.toThrow(/user could not be verified/i);
    await expect(
      verify(await authenticator.authenticate(request, { origin, challenge: 'b3RoZXI' })),
    ).rejects.toThrow(/challenge/i);
    credential.counter = 5;
    await expect(
      verify(await authenticator.authenticate(request, { origin, counter: 5 })),
    ).rejects.toThrow(/counter/i);
  });
});
