import { randomUUID } from 'node:crypto';
import plist from 'plist';
import { paths } from '../shared/dav-paths';

/** What an Apple configuration profile for Kith's CardDAV account holds. */
export interface AppleProfileInput {
  /** PUBLIC_URL: the address phones reach Kith at. */
  publicUrl: string;
  userId: string;
  email: string;
  password: string;
  /** The device's name, shown in the profile's description. */
  deviceName: string;
}

/**
 * An Apple configuration profile (`.mobileconfig`) with one CardDAV account payload
 * (`com.apple.carddav.account`, Apple's Configuration Profile Reference): installing it on an
 * iPhone, iPad or Mac adds Kith to Contacts with the app password, nothing to type. The
 * profile is unsigned, so iOS shows it as "Not Signed" before installing.
 */
export function appleProfile(input: AppleProfileInput): string {
  const url = new URL(input.publicUrl);
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  const host = url.hostname;
  const payloadId = randomUUID().toUpperCase();
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
    PayloadIdentifier: `${host}.kith.profile.${payloadId}`,
    PayloadRemovalDisallowed: false,
    PayloadType: 'Configuration',
    PayloadUUID: randomUUID().toUpperCase(),
    PayloadVersion: 1,
  });
}
