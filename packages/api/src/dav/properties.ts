import { IMAGE_MAX_BYTES } from '../images';
import type { VCardVersion } from '../vcard/write';
import { ACCOUNT_QUOTA_BYTES, syncTokenOf, type BookState } from './address-book.service';
import { cardEtag } from './card-io';
import type { CardHead } from './book-cards';
import { DAV_ROOT, paths } from '../shared/dav-paths';
import type { DavResource } from './paths';
import {
  elementXml,
  escapeAttribute,
  hrefValue,
  keyOf,
  Markup,
  NS,
  type PropResult,
  type PropValue,
  type QName,
} from './xml';

/** Largest card a client may PUT, in bytes (RFC 6352 §6.2.3 `max-resource-size`). */
export const MAX_RESOURCE_BYTES = 8 * 1024 * 1024;

const q = (ns: string, name: string): QName => ({ ns, name });
const D = (name: string) => q(NS.DAV, name);
const CARD = (name: string) => q(NS.CARDDAV, name);
const CS = (name: string) => q(NS.CS, name);

/** What a property's value may be computed from. */
export interface PropContext {
  userId: string;
  /** The account's name (a principal's displayname), read when asked for. */
  userName: () => Promise<string>;
  book: BookState;
  /** Bytes used, read only when a quota property is asked for. */
  usedBytes: () => Promise<number>;
}

const empty: PropValue = new Markup('');

function resourcetype(...types: QName[]): PropValue {
  return new Markup(types.map((type) => elementXml(type)).join(''));
}

/** RFC 3744 §5.4: what the signed-in person may do here (everything, on their own book). */
function privileges(...names: string[]): PropValue {
  return new Markup(names.map((name) => `<d:privilege><d:${name}/></d:privilege>`).join(''));
}

const ALL_PRIVILEGES = privileges(
  'read',
  'write',
  'write-properties',
  'write-content',
  'bind',
  'unbind',
  'read-current-user-privilege-set',
);

/** RFC 3253 §3.1.5 with the reports of RFC 6352 §8 and RFC 6578 §3. */
const SUPPORTED_REPORTS: PropValue = new Markup(
  [CARD('addressbook-multiget'), CARD('addressbook-query'), D('sync-collection')]
    .map(
      (report) =>
        `<d:supported-report><d:report>${elementXml(report)}</d:report></d:supported-report>`,
    )
    .join(''),
);

/** RFC 6352 §6.2.2: vCard 3.0 and 4.0. */
const SUPPORTED_DATA: PropValue = new Markup(
  ['3.0', '4.0']
    .map(
      (version) =>
        `<card:address-data-type content-type="text/vcard" version="${escapeAttribute(version)}"/>`,
    )
    .join(''),
);

type Getter = (ctx: PropContext) => PropValue | Promise<PropValue>;

/** The properties of each kind of collection, by `{ns}name`; the order is allprop's. */
function collectionProps(resource: DavResource): Map<string, { q: QName; get: Getter }> {
  const props = new Map<string, { q: QName; get: Getter }>();
  const add = (name: QName, get: Getter) => props.set(keyOf(name), { q: name, get });
  add(D('current-user-principal'), (c) => hrefValue(paths.principal(c.userId)));
  add(D('principal-collection-set'), () => hrefValue(`${DAV_ROOT}principals/`));
  switch (resource.kind) {
    case 'root':
      add(D('resourcetype'), () => resourcetype(D('collection')));
      add(D('displayname'), () => 'Kith');
      add(CARD('addressbook-home-set'), (c) => hrefValue(paths.home(c.userId)));
      break;
    case 'principal':
      add(D('resourcetype'), () => resourcetype(D('principal')));
      add(D('displayname'), (c) => c.userName());
      add(D('principal-URL'), (c) => hrefValue(paths.principal(c.userId)));
      add(CARD('addressbook-home-set'), (c) => hrefValue(paths.home(c.userId)));
      add(CS('me-card'), (c) =>
        c.book.meCard ? hrefValue(paths.card(c.userId, c.book.meCard)) : empty,
      );
      break;
    case 'home':
      add(D('resourcetype'), () => resourcetype(D('collection')));
      add(D('displayname'), () => 'Address books');
      add(D('owner'), (c) => hrefValue(paths.principal(c.userId)));
      add(D('current-user-privilege-set'), () => ALL_PRIVILEGES);
      add(CARD('addressbook-home-set'), (c) => hrefValue(paths.home(c.userId)));
      add(CS('me-card'), (c) =>
        c.book.meCard ? hrefValue(paths.card(c.userId, c.book.meCard)) : empty,
      );
      add(D('quota-used-bytes'), async (c) => String(await c.usedBytes()));
      add(D('quota-available-bytes'), async (c) =>
        String(Math.max(0, ACCOUNT_QUOTA_BYTES - (await c.usedBytes()))),
      );
      break;
    case 'book':
      add(D('resourcetype'), () => resourcetype(D('collection'), CARD('addressbook')));
      add(D('displayname'), (c) => c.book.name);
      add(CARD('addressbook-description'), () => 'Your contacts in Kith');
      add(CS('getctag'), (c) => syncTokenOf(c.book.revision));
      add(D('sync-token'), (c) => syncTokenOf(c.book.revision));
      add(D('supported-report-set'), () => SUPPORTED_REPORTS);
      add(CARD('supported-address-data'), () => SUPPORTED_DATA);
      add(CARD('max-resource-size'), () => String(MAX_RESOURCE_BYTES));
      add(CARD('max-image-size'), () => String(IMAGE_MAX_BYTES));
      add(CS('max-image-size'), () => String(IMAGE_MAX_BYTES));
      add(D('owner'), (c) => hrefValue(paths.principal(c.userId)));
      add(D('current-user-privilege-set'), () => ALL_PRIVILEGES);
      add(CS('me-card'), (c) =>
        c.book.meCard ? hrefValue(paths.card(c.userId, c.book.meCard)) : empty,
      );
      add(D('getcontenttype'), () => 'httpd/unix-directory');
      add(D('quota-used-bytes'), async (c) => String(await c.usedBytes()));
      add(D('quota-available-bytes'), async (c) =>
        String(Math.max(0, ACCOUNT_QUOTA_BYTES - (await c.usedBytes()))),
      );
      break;
    case 'card':
      break;
  }
  return props;
}

/** Properties that are expensive or only asked for by name, left out of `allprop` (RFC 4918 §9.1). */
const NOT_IN_ALLPROP = new Set([
  keyOf(D('quota-used-bytes')),
  keyOf(D('quota-available-bytes')),
  keyOf(D('current-user-privilege-set')),
  keyOf(D('supported-report-set')),
  keyOf(CARD('address-data')),
]);

/** What a PROPFIND or REPORT asks for: named properties, all of them, or only their names. */
export type PropRequest =
  { type: 'prop'; names: QName[] } | { type: 'allprop'; include: QName[] } | { type: 'propname' };

/** The properties of a collection (root, principal, home, book) for a request. */
export async function collectionPropResult(
  resource: DavResource,
  request: PropRequest,
  ctx: PropContext,
): Promise<PropResult> {
  const props = collectionProps(resource);
  const result: PropResult = { found: new Map(), missing: [] };
  if (request.type === 'propname') {
    for (const [key, { q }] of props) result.found.set(key, { q, value: '' });
    return result;
  }
  const names =
    request.type === 'prop'
      ? request.names
      : [...props.values()]
          .map((p) => p.q)
          .filter((name) => !NOT_IN_ALLPROP.has(keyOf(name)))
          .concat(request.include);
  for (const name of names) {
    const prop = props.get(keyOf(name));
    if (prop) result.found.set(keyOf(name), { q: name, value: await prop.get(ctx) });
    else if (request.type === 'prop') result.missing.push(name);
  }
  return result;
}

/** A card's `address-data`: its text in the requested vCard version. */
export type CardText = () => Promise<string>;

const CARD_PROPS = [
  'getetag',
  'getcontenttype',
  'resourcetype',
  'getlastmodified',
  'current-user-privilege-set',
  'owner',
] as const;

/**
 * The properties of a card for a request, from its head (`CardHead`: what a listing reads);
 * `text` renders `address-data` (REPORT only), and `version` is the vCard version asked for
 * (undefined: the card's own), whose ETag is given.
 */
export async function cardPropResult(
  card: CardHead,
  request: PropRequest,
  ctx: { userId: string },
  text?: CardText,
  version?: VCardVersion,
): Promise<PropResult> {
  const result: PropResult = { found: new Map(), missing: [] };
  const value = async (name: QName): Promise<PropValue | undefined> => {
    if (name.ns === NS.CARDDAV && name.name === 'address-data') {
      return text ? await text() : undefined;
    }
    if (name.ns !== NS.DAV) return undefined;
    switch (name.name) {
      case 'getetag':
        return cardEtag(card, version);
      case 'getcontenttype':
        return `text/vcard; charset=utf-8; version=${version ?? card.version}`;
      case 'resourcetype':
        return empty;
      case 'getlastmodified':
        return card.updatedAt.toUTCString();
      case 'current-user-privilege-set':
        return ALL_PRIVILEGES;
      case 'owner':
        return hrefValue(paths.principal(ctx.userId));
      default:
        return undefined;
    }
  };
  if (request.type === 'propname') {
    for (const name of CARD_PROPS) result.found.set(keyOf(D(name)), { q: D(name), value: '' });
    return result;
  }
  const names =
    request.type === 'prop'
      ? request.names
      : CARD_PROPS.map(D)
          .filter((n) => !NOT_IN_ALLPROP.has(keyOf(n)))
          .concat(request.include);
  for (const name of names) {
    const found = await value(name);
    if (found !== undefined) result.found.set(keyOf(name), { q: name, value: found });
    else if (request.type === 'prop') result.missing.push(name);
  }
  return result;
}
