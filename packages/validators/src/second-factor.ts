import { z } from 'zod';

/**
 * Inputs of the second factor (docs/sign-in-security.md). WebAuthn answers are checked for shape
 * and size here; their cryptography is checked by the server.
 */

const AUTHENTICATOR_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** An authenticator app's code (RFC 6238): 6 digits, spaces a person may type removed. */
export const authenticatorCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: AUTHENTICATOR_CODE_MESSAGE }));

/** A recovery code as typed: `xxxxx-xxxxx`, any case, with or without the dash. */
export const recoveryCode = z
  .string()
  .trim()
  .min(1, { error: 'Enter one of your recovery codes' })
  .max(40, { error: 'That is not a recovery code' });

/** A passkey's name, as the person calls it ("MacBook Touch ID"). */
export const passkeyName = z
  .string()
  .trim()
  .min(1, { error: 'Give the passkey a name' })
  .max(64, { error: 'Use at most 64 characters' });

/** Kith asks for no WebAuthn extension, so their results are checked for shape and dropped. */
const clientExtensionResults = z
  .custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
  .optional()
  .transform(() => ({}));

/** base64url as WebAuthn's JSON forms carry it, capped at `max` characters. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/**
 * A browser's new credential (`PublicKeyCredential.toJSON()` of `navigator.credentials.create`,
 * WebAuthn Level 3 §5.1). Attestation objects of real authenticators stay far below 16 KB.
 */
export const registrationResponse = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** A passkey's answer to a challenge (`navigator.credentials.get`, WebAuthn Level 3 §5.1). */
export const authenticationResponse = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** The second step of a sign-in with an authenticator app. */
export const authenticatorCodeInput = z.object({ code: authenticatorCode });
/** The second step of a sign-in with a recovery code. */
export const recoveryCodeInput = z.object({ code: recoveryCode });
/** A passkey's answer, to sign in or as the second step. */
export const passkeyAnswerInput = z.object({ response: authenticationResponse });

/** One proof of the second factor, to confirm it is the person before a change. */
export const secondFactorProofInput = z.union([
  z.object({ totp: authenticatorCode }),
  z.object({ recoveryCode }),
  z.object({ passkey: authenticationResponse }),
]);

/** A new passkey: its name and the browser's credential. */
export const addPasskeyInput = z.object({ name: passkeyName, response: registrationResponse });
/** Rename a passkey. */
export const renamePasskeyInput = z.object({ id: z.uuid(), name: passkeyName });
/** Remove a passkey. */
export const passkeyIdInput = z.object({ id: z.uuid() });
