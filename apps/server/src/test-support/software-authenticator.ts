import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { cose, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for the server's tests: it answers the options a relying
 * party sends (`navigator.credentials.create()` / `.get()` in a browser) with the JSON a browser
 * would post back, as `@simplewebauthn/browser` serialises it, so the passkey procedures can be
 * driven in-process without a browser or a security key.
 *
 * What it does follows W3C Web Authentication Level 3 (https://www.w3.org/TR/webauthn-3/):
 * - keys are ES256 (ECDSA on P-256 with SHA-256, COSE algorithm -7), made with node:crypto;
 * - registration answers with attestation format 'none' (§8.7): the attestation object is the
 *   CBOR map `{fmt: 'none', attStmt: {}, authData}`;
 * - authenticator data (§6.1) is sha256(rpId) | flags | signCount (32-bit big-endian) and, at
 *   registration, the attested credential data: aaguid (16 zero bytes) | credential id length
 *   (16-bit) | credential id | COSE public key;
 * - an assertion's signature (§6.3.3) is the DER-encoded ECDSA signature over
 *   authData || sha256(clientDataJSON); the counter grows by one with each assertion;
 * - credentials are discoverable (client-side, "passkeys") unless registered with
 *   `discoverable: false`; a discoverable credential's assertion carries the user handle.
 *
 * Options let a test tamper with what a genuine browser would never send: another origin,
 * another RP ID, the user-verified flag off, a fixed counter, another challenge.
 */
export class SoftwareAuthenticator {
  /** The credentials made so far, oldest first. */
  readonly credentials: SoftwareCredential[] = [];

  /**
   * Makes a new credential for `optionsJSON` (from the server's registration options) and
   * answers what the browser would post: a RegistrationResponseJSON with attestation 'none'.
   * The RP ID is `optionsJSON.rp.id`, or the origin's host name when the options name none.
   * Throws, as a browser does (InvalidStateError), when one of this authenticator's credentials
   * is in `excludeCredentials`.
   */
  async register(
    optionsJSON: PublicKeyCredentialCreationOptionsJSON,
    options: RegisterOptions,
  ): Promise<RegistrationResponseJSON> {
    const rpId = optionsJSON.rp.id ?? new URL(options.origin).hostname;
    const excluded = new Set((optionsJSON.excludeCredentials ?? []).map((c) => c.id));
    const known = this.credentials.find((c) => c.rpId === rpId && excluded.has(c.id));
    if (known) throw new Error(`InvalidStateError: credential ${known.id} is excluded`);
    if (!optionsJSON.pubKeyCredParams.some((p) => p.alg === cose.COSEALG.ES256)) {
      throw new Error('NotSupportedError: the options do not allow ES256');
    }

    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = new Uint8Array(randomBytes(32));
    const credential: SoftwareCredential = {
      id: isoBase64URL.fromBuffer(rawId),
      rpId,
      privateKey,
      publicKey: cosePublicKey(publicKey),
      userHandle: options.discoverable === false ? undefined : optionsJSON.user.id,
      counter: 0,
    };
    this.credentials.push(credential);

    const attestedCredentialData = concat(
      new Uint8Array(16), // aaguid: none
      uint16(rawId.length),
      rawId,
      credential.publicKey,
    );
    const authData = concat(
      sha256(new TextEncoder().encode(options.rpId ?? rpId)),
      new Uint8Array([
        flags({
          userVerified: options.userVerified ?? true,
          attestedData: true,
          backupEligible: options.backupEligible ?? options.backedUp ?? false,
          backedUp: options.backedUp ?? false,
        }),
      ]),
      uint32(options.counter ?? credential.counter),
      attestedCredentialData,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, isoCBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = clientData({
      type: options.type ?? 'webauthn.create',
      challenge: options.challenge ?? optionsJSON.challenge,
      origin: options.origin,
    });
    const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: credential.userHandle !== undefined } },
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: cose.COSEALG.ES256,
        publicKey: isoBase64URL.fromBuffer(spki),
      },
    };
  }

  /**
   * Signs an assertion for `optionsJSON` (from the server's authentication options) and answers
   * what the browser would post: an AuthenticationResponseJSON. The credential is
   * `options.credential` when given; else the first of this authenticator's credentials for the
   * RP ID that `allowCredentials` names, or, when the list is empty (a discoverable sign-in),
   * the first discoverable one. The RP ID is `optionsJSON.rpId`, or the origin's host name.
   * Throws, as a browser does (NotAllowedError), when no credential fits.
   */
  async authenticate(
    optionsJSON: PublicKeyCredentialRequestOptionsJSON,
    options: AuthenticateOptions,
  ): Promise<AuthenticationResponseJSON> {
    const rpId = optionsJSON.rpId ?? new URL(options.origin).hostname;
    const credential = this.pick(rpId, optionsJSON, options.credential);
    if (options.counter === undefined) credential.counter += 1;
    const authData = concat(
      sha256(new TextEncoder().encode(options.rpId ?? rpId)),
      new Uint8Array([
        flags({
          userVerified: options.userVerified ?? true,
          attestedData: false,
          backupEligible: options.backupEligible ?? options.backedUp ?? false,
          backedUp: options.backedUp ?? false,
        }),
      ]),
      uint32(options.counter ?? credential.counter),
    );
    const clientDataJSON = clientData({
      type: options.type ?? 'webauthn.get',
      challenge: options.challenge ?? optionsJSON.challenge,
      origin: options.origin,
    });
    const userHandle = 'userHandle' in options ? options.userHandle : credential.userHandle;
    // ECDSA with an EC key signs in DER (ASN.1 Ecdsa-Sig-Value), as WebAuthn §6.5.5 asks.
    const signature = sign(
      'sha256',
      concat(authData, sha256(clientDataJSON)),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        ...(userHandle === undefined ? {} : { userHandle }),
      },
    };
  }

  private pick(
    rpId: string,
    optionsJSON: PublicKeyCredentialRequestOptionsJSON,
    wanted: SoftwareCredential | string | undefined,
  ): SoftwareCredential {
    if (wanted !== undefined) {
      const id = typeof wanted === 'string' ? wanted : wanted.id;
      const found = this.credentials.find((c) => c.id === id);
      if (!found) throw new Error(`NotAllowedError: no credential ${id} here`);
      return found;
    }
    const allowed = (optionsJSON.allowCredentials ?? []).map((c) => c.id);
    const found = this.credentials.find((c) =>
      c.rpId !== rpId
        ? false
        : allowed.length > 0
          ? allowed.includes(c.id)
          : c.userHandle !== undefined,
    );
    if (!found) throw new Error(`NotAllowedError: no credential for ${rpId} fits`);
    return found;
  }
}

/** One credential a SoftwareAuthenticator holds. */
export interface SoftwareCredential {
  /** The credential id, base64url (the `id` of the responses and of `allowCredentials`). */
  id: string;
  /** The RP ID it was made for. */
  rpId: string;
  privateKey: KeyObject;
  /** The COSE_Key (CBOR) of the public key, as registration reported it. */
  publicKey: Uint8Array;
  /** The user handle (base64url) of a discoverable credential; undefined otherwise. */
  userHandle: string | undefined;
  /** The signature counter of the last assertion (0 before any). */
  counter: number;
}

/** What a test may change in either ceremony a genuine browser would answer. */
interface CeremonyOptions {
  /** The page's origin, as the browser writes it into clientDataJSON ('http://localhost:3000'). */
  origin: string;
  /** Hash this RP ID into authData instead of the options' (a phishing site's). */
  rpId?: string;
  /** The UV flag (default true: the person unlocked the passkey). */
  userVerified?: boolean;
  /** The BE flag (default: set when `backedUp`). */
  backupEligible?: boolean;
  /** The BS flag: a synced passkey (default false). */
  backedUp?: boolean;
  /** Sign this challenge instead of the options'. */
  challenge?: string;
  /** clientDataJSON's type (default 'webauthn.create' to register, 'webauthn.get' to sign in). */
  type?: string;
}

/** What a test may change in the registration a genuine browser would send. */
export interface RegisterOptions extends CeremonyOptions {
  /** The signCount in authData (default 0). */
  counter?: number;
  /** false: a server-side credential, whose assertions carry no user handle (default true). */
  discoverable?: boolean;
}

/** What a test may change in the assertion a genuine browser would send. */
export interface AuthenticateOptions extends CeremonyOptions {
  /** Use this credential (or credential id), whatever the options allow. */
  credential?: SoftwareCredential | string;
  /** A fixed signCount (default: the credential's counter, one more than last time). */
  counter?: number;
  /**
   * The user handle to send (base64url; undefined sends none) instead of the credential's. It is
   * not signed, so only the relying party's own check (WebAuthn §7.2 step 6) catches a wrong one.
   */
  userHandle?: string;
}

type isoCBORType = Parameters<typeof isoCBOR.encode>[0];
type Bytes = Uint8Array<ArrayBuffer>;

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

function flags(f: {
  userVerified: boolean;
  attestedData: boolean;
  backupEligible: boolean;
  backedUp: boolean;
}): number {
  return (
    UP |
    (f.userVerified ? UV : 0) |
    (f.backupEligible ? BE : 0) |
    (f.backedUp ? BS : 0) |
    (f.attestedData ? AT : 0)
  );
}

/** The COSE_Key (RFC 9052 §7, RFC 9053 §7.1.1) of a P-256 public key, CBOR-encoded. */
function cosePublicKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, isoCBORType>([
      [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
      [cose.COSEKEYS.alg, cose.COSEALG.ES256],
      [cose.COSEKEYS.crv, cose.COSECRV.P256],
      [cose.COSEKEYS.x, isoBase64URL.toBuffer(jwk.x!)],
      [cose.COSEKEYS.y, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

function clientData(data: { type: string; challenge: string; origin: string }): Bytes {
  return new TextEncoder().encode(JSON.stringify({ ...data, crossOrigin: false }));
}

function sha256(data: Uint8Array): Bytes {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

function uint16(n: number): Bytes {
  return new Uint8Array([(n >> 8) & 0xff, n & 0xff]);
}

function uint32(n: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
