import { lookup } from 'node:dns';
import { get } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { processImage, IMAGE_MAX_BYTES, type ProcessedImage } from './process';
import type { ApiDependencies } from '../trpc/context';
import { checkPhotoLink } from './photo-links';

/** How long fetching one photo from an address may take, in ms. */
const PHOTO_FETCH_TIMEOUT_MS = 5_000;

/**
 * True only for a public unicast address (OWASP SSRF Prevention Cheat Sheet). ipaddr.js
 * names every special range (loopback, private, link-local, CGNAT, multicast, reserved,
 * documentation...); an IPv6 address that embeds an IPv4 one (mapped `::ffff:0:0/96`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo, and the IPv4-compatible `::/96` that
 * ipaddr.js calls unicast, such as `::7f00:1`) is refused whole, since it can reach a
 * private IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  if (parsed.kind() === 'ipv6') {
    const parts = (parsed as ipaddr.IPv6).parts;
    if (parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return true;
}

/** DNS lookup that refuses names resolving to a private address (OWASP SSRF prevention). */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: false }, (error, address, family) => {
    if (error) return callback(error, '', 0);
    if (!isPublicAddress(address as string)) {
      return callback(new Error('private address'), '', 0);
    }
    callback(null, address as string, family);
  });
};

/**
 * Fetches a photo from an `https:` address on the public internet: no redirects, at most
 * 5 MB, within 5 s. The connection's DNS lookup refuses private and loopback addresses, so an
 * import file cannot make the server reach its own network (OWASP SSRF).
 *
 * @throws Error when the address is not https, private, slow, too large or not a 200.
 */
export function fetchPublicPhoto(address: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const url = new URL(address);
    if (url.protocol !== 'https:') return reject(new Error('not https'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicAddress(host)) return reject(new Error('private address'));
    const request = get(url, { lookup: publicLookup, timeout: PHOTO_FETCH_TIMEOUT_MS }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`status ${res.statusCode}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > IMAGE_MAX_BYTES) request.destroy(new Error('too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** A photo read for an imported contact, ready to store. */
export type PhotoSource = (photo: string) => Promise<ProcessedImage>;

/** `/uploads/<uuid>.webp` or an S3 address ending so: an image this server already keeps. */
const OWN_IMAGE = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp)$/i;

/**
 * Reads an imported contact's photo into an image to store: a `data:` URI is decoded; the
 * address of an image this server keeps (a Kith CSV export's `Photo` column) is copied from
 * storage when the importing person owns it or the address is a live signed link (which
 * would show it to them anyway), never by its key alone (anyone could otherwise copy any
 * photo whose key they knew); any other `https:` address is fetched with `fetchRemote`.
 * Every photo then goes through `processImage` like an upload (re-encoded, metadata dropped,
 * at most 512 px).
 *
 * @throws when the photo cannot be read or is not an image.
 */
export function photoSource(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'keys' | 'now'>,
  ownerId: string,
  fetchRemote: (address: string) => Promise<Uint8Array> = fetchPublicPhoto,
): PhotoSource {
  return async (photo) => {
    const data = /^data:[^;,]*(;base64)?,(.*)$/s.exec(photo);
    if (data) {
      const bytes = data[1]
        ? Buffer.from(data[2]!, 'base64')
        : Buffer.from(decodeURIComponent(data[2]!));
      return processImage(bytes);
    }
    const [path = '', query = ''] = photo.split('#')[0]!.split('?');
    const own = OWN_IMAGE.exec(path);
    if (own) {
      const key = own[1]!;
      const link = new URLSearchParams(query);
      const [row] = await deps.db
        .select({ ownerId: schema.images.ownerId })
        .from(schema.images)
        .where(eq(schema.images.storageKey, key));
      const mayCopy =
        row?.ownerId === ownerId ||
        checkPhotoLink(
          deps.keys.photoLinks,
          key,
          link.get('exp') ?? undefined,
          link.get('sig') ?? undefined,
          deps.now(),
        ) !== null;
      const bytes = row && mayCopy ? await deps.images.get(key) : null;
      if (bytes) return processImage(bytes);
    }
    return processImage(await fetchRemote(photo));
  };
}
