import { createHash } from 'node:crypto';
import { paths } from '../shared/dav-paths';

/** What an Apple configuration profile for Kith's CardDAV account holds. */
export interface AppleProfileInput {
  /** PUBLIC_URL: the address phones reach Kith at. */
  publicUrl: string;
  userId: string;
  /** The id of the app password the profile holds: with `userId`, what its ids derive from. */
  appPasswordId: string;
  email: string;
  password: string;
  /** The device's name, shown in the profile's description. */
  deviceName: string;
}

/** Kith's namespace for the profile's name-based UUIDs (a random UUID, fixed forever). */
const PROFILE_NAMESPACE = '6f1d7c2e-3b8a-4e55-9a51-0c4b7d2e9f13';

/**
 * A name-based UUID, version 5 (SHA-1), of `name` in `namespace` (RFC 9562 §5.5), uppercase as
 * Apple's profiles write them: the same name always gives the same UUID.
 */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex').toUpperCase();
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/**
 * An Apple configuration profile (`.mobileconfig`) with one CardDAV account payload
 * (`com.apple.carddav.account`, Apple's Configuration Profile Reference): installing it on an
 * iPhone, iPad or Mac adds Kith to Contacts with the app password, nothing to type. The
 * profile is unsigned, so iOS shows it as "Not Signed" or "Not Verified" before installing
 * (docs/product/screens.md#sync-with-your-phone). Its PayloadIdentifier and PayloadUUID derive
 * from the account and the app password (`uuidV5`), so installing the same profile again
 * replaces the first install instead of adding a second account (Apple's Configuration
 * Profile Reference: a profile with the identifier of an installed one replaces it).
 */
export async function appleProfile(input: AppleProfileInput): Promise<string> {
  // plist and its XML packages are loaded with the first profile, not at start
  // (docs/performance.md#memory).
  const { default: plist } = await import('plist');
  const url = new URL(input.publicUrl);
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  const host = url.hostname;
  const name = `${input.userId}/${input.appPasswordId}`;
  const payloadId = uuidV5(PROFILE_NAMESPACE, `carddav/${name}`);
  const profileId = uuidV5(PROFILE_NAMESPACE, `profile/${name}`);
  return plist.build({
    PayloadContent: [
      {
        CardDAVAccountDescription: `Kith (${input.email})`,
        CardDAVHostName: host,
        CardDAVPort: port,
        CardDAVPrincipalURL: paths.principal(input.userId),
        CardDAVUseSSL: https,
        CardDAVUsername: input.email,
        CardDAVPassword: input.password,
        PayloadDescription: `Syncs your Kith contacts with Contacts on ${input.deviceName}.`,
        PayloadDisplayName: 'Kith contacts',
        PayloadIdentifier: `${host}.kith.carddav.${payloadId}`,
        PayloadType: 'com.apple.carddav.account',
        PayloadUUID: payloadId,
        PayloadVersion: 1,
      },
    ],
    PayloadDescription: 'Adds your Kith address book to Contacts.',
    PayloadDisplayName: 'Kith',
    PayloadIdentifier: `${host}.kith.profile.${profileId}`,
    PayloadRemovalDisallowed: false,
    PayloadType: 'Configuration',
    PayloadUUID: profileId,
    PayloadVersion: 1,
  });
}
