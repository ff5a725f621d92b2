import { Readable } from 'node:stream';
import { isDatabaseUnavailable, isUnstorableText } from '@kith/db';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { mapErrorToResponse } from '../rest/error-response';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  ServiceError,
  TooManyRequestsError,
  UNSTORABLE_TEXT_MESSAGE,
} from '../shared/errors';
import { cooperative } from '../shared/event-loop';
import type { ApiDependencies } from '../trpc/context';
import {
  accountName,
  bookState,
  putCard,
  revisionOfToken,
  saveBookProperties,
  syncTokenOf,
  trashCard,
  usedBytes,
  type WriteConditions,
} from './address-book.service';
import {
  activeCardHeads,
  activeCards,
  CARD_PAGE,
  cardsByName,
  changesSince,
  limitedChanges,
  type BookCard,
  type BookView,
} from './book-cards';
import { deleteGroup, readsGroupCards, putGroup, readIncomingGroup } from './group-cards';
import { isGroupCard } from '../vcard/group-card';
import {
  cardEtag,
  cardText,
  CardTextCache,
  headOf,
  readIncomingCard,
  requestedVersion,
} from './card-io';
import { authenticateDav, BASIC_CHALLENGE } from './dav-auth';
import type { AppPasswordUser } from '../app-passwords';
import { DAV_ROOT, paths } from '../shared/dav-paths';
import { cardNameOf, resourceOf, type DavResource } from './paths';
import {
  cardPropResult,
  collectionPropResult,
  MAX_RESOURCE_BYTES,
  type PropContext,
  type PropRequest,
} from './properties';
import { matchesFilter, readFilter } from './query-filter';
import { withChangeSource } from '../shared/change-source';
import {
  child,
  childElements,
  DavError,
  errorResponseXml,
  errorXml,
  isElement,
  keyOf,
  multistatusClose,
  multistatusOpen,
  NS,
  parseXml,
  type XmlElement,
  responseXml,
  textOf,
  type PropStat,
  type QName,
} from './xml';

/** Methods Kith's DAV tree answers (RFC 4918 §10.1 `Allow`). */
const ALLOWED = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

/** WebDAV methods beyond Fastify's own, registered on the server by `davPlugin`. */
export const DAV_METHODS = [
  'PROPFIND',
  'PROPPATCH',
  'REPORT',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
];

/** Largest XML request body, in bytes: a multiget of thousands of hrefs fits. */
const MAX_XML_BYTES = 2 * 1024 * 1024;

/**
 * The most properties one PROPFIND, REPORT or PROPPATCH may name (docs/request-limits.md).
 * Clients name 10 to 40; each named property is looked up for every card answered, so the
 * count multiplies the work of the whole answer.
 */
export const MAX_DAV_PROPERTIES = 200;

function tooManyProperties(): DavError {
  return new DavError(413, `A request names at most ${MAX_DAV_PROPERTIES} properties.`);
}

/** RFC 6764 §5: where `/.well-known/carddav` leads. */
export const WELL_KNOWN_CARDDAV = '/.well-known/carddav';

const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * Characters of cards kept written (`CardTextCache`): about 64 MB at most, the cards of a few
 * 10,000-card books.
 */
const CARD_CACHE_CHARS = 32 * 1024 * 1024;

interface Caller extends BookView {
  /** The account's name, read only when a principal's displayname is asked for. */
  userName: () => Promise<string>;
}

/**
 * CardDAV (RFC 6352 over RFC 4918, sync by RFC 6578) at `/dav/`, discovered through
 * `/.well-known/carddav` (RFC 6764): one address book per account, whose cards are the
 * account's contacts not in the trash. Clients sign in with HTTP Basic, the account email
 * and an app password. Paths of another account answer 404, as missing ones do. Every
 * failure answers its status with a `DAV:error` body; long answers are streamed.
 * Register `DAV_METHODS` with `app.addHttpMethod` first.
 */
export const davPlugin: FastifyPluginAsync<{
  deps: ApiDependencies;
  rateLimiter: RateLimiter;
}> = async (app, { deps, rateLimiter }) => {
  const cards = new CardTextCache(CARD_CACHE_CHARS);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_RESOURCE_BYTES },
    (req, body, done) => {
      try {
        done(null, decodeBody(body as Buffer, req.headers['content-type']));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (error instanceof DavError) return sendError(reply, error);
    if (error instanceof TooManyRequestsError) {
      const retry = (error as TooManyRequestsError & { retryAfterSeconds?: number })
        .retryAfterSeconds;
      if (retry) void reply.header('Retry-After', String(retry));
      return sendError(reply, new DavError(429, error.message));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(
        reply,
        new DavError(413, `A request body is at most ${MAX_RESOURCE_BYTES} bytes.`, {
          ns: NS.CARDDAV,
          name: 'max-resource-size',
        }),
      );
    }
    if (error instanceof ServiceError) {
      const mapped = mapErrorToResponse(error);
      return sendError(reply, new DavError(mapped.status, mapped.body.message));
    }
    // As the procedures answer them: a database out of reach is 503, text with NUL is 400.
    if (isDatabaseUnavailable(error)) {
      void reply.header('Retry-After', '5');
      return sendError(reply, new DavError(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (isUnstorableText(error))
      return sendError(reply, new DavError(400, UNSTORABLE_TEXT_MESSAGE));
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'DAV error');
    return sendError(
      reply,
      new DavError(
        status,
        status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message,
      ),
    );
  });

  // RFC 6764 §5: any method on the well-known address is sent to the service's root.
  app.all(WELL_KNOWN_CARDDAV, async (_req, reply) => reply.redirect(DAV_ROOT, 301));

  // The caller is known before the body is read (onRequest runs before parsing): a stranger's
  // 2 MB body is refused unread, and no body is buffered for a request that will get a 401.
  const callers = new WeakMap<FastifyRequest, AppPasswordUser>();
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('DAV', '1, 3, addressbook');
    if (req.method === 'OPTIONS' || req.routeOptions.url === WELL_KNOWN_CARDDAV) return;
    // A refusal here leaves the body unread; it would still be received and thrown away, so
    // the connection is closed instead (a 401, or a 429 from a spent budget).
    if (hasBody(req)) void reply.header('Connection', 'close');
    const auth = await authenticateDav(deps, rateLimiter, req);
    if (!auth) {
      void reply.header('WWW-Authenticate', BASIC_CHALLENGE);
      throw new DavError(
        401,
        'Sign in with your email and an app password from Kith’s “Sync with your phone” page.',
      );
    }
    reply.removeHeader('Connection');
    callers.set(req, auth);
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method === 'OPTIONS') {
      return reply.header('Allow', ALLOWED).header('Content-Length', '0').code(200).send();
    }
    const auth = callers.get(req);
    if (!auth) throw new DavError(401, 'Sign in with your email and an app password.');
    let name: Promise<string> | undefined;
    const caller: Caller = {
      userId: auth.userId,
      userName: () => (name ??= accountName(deps.db, auth.userId)),
      // Labels are listed as group cards to the clients that keep groups so; every client
      // reads them as CATEGORIES.
      groups: readsGroupCards(req.headers['user-agent']),
    };
    const resource = isHostRoot(req) ? ROOT : resourceOf(req.url);
    if (!resource || ('userId' in resource && resource.userId !== caller.userId)) {
      throw new DavError(404, 'There is nothing at this address.');
    }
    const body = typeof req.body === 'string' ? req.body : '';
    if (req.method !== 'PUT' && body.length > MAX_XML_BYTES) {
      throw new DavError(413, `An XML request body is at most ${MAX_XML_BYTES} bytes.`);
    }
    // The history names the app password a client's changes came through (docs/history.md).
    const source = {
      via: 'carddav',
      appPasswordId: auth.appPasswordId,
      appPasswordName: auth.appPasswordName,
    } as const;
    return withChangeSource(source, () => serve(req, reply, caller, resource, body));
  };

  const serve = async (
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    resource: NonNullable<ReturnType<typeof resourceOf>> | typeof ROOT,
    body: string,
  ) => {
    switch (req.method) {
      case 'PROPFIND':
        return propfind(req, reply, caller, resource, body);
      case 'PROPPATCH':
        return proppatch(reply, caller, resource, body);
      case 'REPORT':
        return report(req, reply, caller, resource, body);
      case 'GET':
      case 'HEAD':
        return get(req, reply, caller, resource);
      case 'PUT':
        return put(req, reply, caller, resource, body);
      case 'DELETE':
        return remove(req, reply, caller, resource);
      default:
        void reply.header('Allow', ALLOWED);
        throw new DavError(405, `${req.method} is not supported here.`);
    }
  };
  // A client given only the host name asks `/` for the principal (RFC 6764 §5 falls back to
  // the context path "/"; DAVx5, vdirsyncer and iOS do): PROPFIND there answers as the DAV
  // root, after the same sign-in, as Radicale does. Other methods on `/` stay the web app's.
  app.route({ method: 'PROPFIND', url: '/', handler });
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', 'PATCH', ...DAV_METHODS],
    url: '/dav',
    handler,
  });
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', 'PATCH', ...DAV_METHODS],
    url: '/dav/*',
    handler,
  });

  async function propContext(caller: Caller): Promise<PropContext> {
    const book = await bookState(deps.db, caller.userId);
    if (!book) throw new DavError(404, 'There is nothing at this address.');
    let used: Promise<number> | undefined;
    return {
      userId: caller.userId,
      userName: caller.userName,
      book,
      usedBytes: () => (used ??= usedBytes(deps.db, caller.userId)),
    };
  }

  /** RFC 4918 §9.1, Depth 0 or 1 (infinity is answered as 1, as sabre/dav does). */
  async function propfind(
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    resource: DavResource,
    body: string,
  ) {
    const request = await readPropfind(body);
    // The ETag of the representation a GET by this client answers.
    const version = requestedVersion(req.headers.accept, null, req.headers['user-agent']);
    const depth = req.headers.depth === '0' ? 0 : 1;
    const ctx = await propContext(caller);
    // The answer names the URL asked (RFC 4918 §9.1): `/` itself when the host root was asked.
    const href = isHostRoot(req) ? '/' : hrefOf(resource);
    if (resource.kind === 'card') {
      const card = (await cardsByName(deps.db, caller, [resource.name])).get(resource.name);
      if (!card) throw new DavError(404, 'There is no card here.');
      return sendMultistatus(reply, [
        responseXml(href, await cardPropResult(headOf(card), request, caller, undefined, version)),
      ]);
    }
    const own = responseXml(href, await collectionPropResult(resource, request, ctx));
    if (depth === 0 || resource.kind === 'principal' || resource.kind === 'root') {
      return sendMultistatus(reply, [own]);
    }
    if (resource.kind === 'home') {
      const book: DavResource = { kind: 'book', userId: caller.userId };
      return sendMultistatus(reply, [
        own,
        responseXml(hrefOf(book), await collectionPropResult(book, request, ctx)),
      ]);
    }
    return streamMultistatus(reply, async function* () {
      yield own;
      for await (const page of activeCardHeads(deps.db, caller)) {
        for (const head of page) {
          yield responseXml(
            paths.card(caller.userId, head.name),
            await cardPropResult(head, request, caller, undefined, version),
          );
        }
      }
    });
  }

  /** RFC 4918 §9.2: the book's displayname and Apple's me-card; all or nothing. */
  async function proppatch(
    reply: FastifyReply,
    caller: Caller,
    resource: DavResource,
    body: string,
  ) {
    if (resource.kind === 'card' || resource.kind === 'root') {
      throw new DavError(403, 'The properties here cannot be changed.', {
        ns: NS.DAV,
        name: 'cannot-modify-protected-property',
      });
    }
    const root = await parseXml(body);
    if (!isElement(root, NS.DAV, 'propertyupdate')) {
      throw new DavError(400, 'A PROPPATCH body is a DAV:propertyupdate.');
    }
    const changes: { q: QName; value: string | null }[] = [];
    for (const action of childElements(root)) {
      const remove = isElement(action, NS.DAV, 'remove');
      if (!remove && !isElement(action, NS.DAV, 'set')) continue;
      const prop = child(action, NS.DAV, 'prop');
      for (const el of prop ? childElements(prop) : []) {
        if (changes.length >= MAX_DAV_PROPERTIES) throw tooManyProperties();
        const q = { ns: el.namespaceURI ?? '', name: el.localName ?? '' };
        const href = child(el, NS.DAV, 'href');
        changes.push({ q, value: remove ? null : href ? textOf(href) : textOf(el) });
      }
    }
    const settable = (q: QName) =>
      (q.ns === NS.DAV && q.name === 'displayname' && resource.kind === 'book') ||
      (q.ns === NS.CS && q.name === 'me-card');
    const refused = changes.filter((c) => !settable(c.q));
    const values: { name?: string | null; meCard?: string | null } = {};
    if (refused.length === 0) {
      for (const { q, value } of changes) {
        if (q.name === 'displayname') values.name = value ? value.slice(0, 200) : null;
        else {
          const name = value ? cardNameOf(value, caller.userId) : null;
          if (value && !name) {
            throw new DavError(409, 'me-card names a card of this address book.');
          }
          values.meCard = name;
        }
      }
      await saveBookProperties(deps.db, caller.userId, values);
    }
    // RFC 4918 §9.2.1: each property's own status; the rest fail with 424 when one is refused.
    const stats: PropStat[] = [200, 403, 424]
      .map((status) => ({
        status,
        props: changes
          .filter(({ q }) => (refused.length === 0 ? 200 : settable(q) ? 424 : 403) === status)
          .map(({ q }) => ({ q, value: '' })),
      }))
      .filter((stat) => stat.props.length > 0);
    return sendMultistatus(reply, [responseXml(hrefOf(resource), stats)]);
  }

  async function report(
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    resource: DavResource,
    body: string,
  ) {
    const root = await parseXml(body);
    if (resource.kind !== 'book') {
      throw new DavError(403, 'Reports are run on the address book.', {
        ns: NS.DAV,
        name: 'supported-report',
      });
    }
    const request = readProp(root);
    const addressData = findAddressData(root);
    const version = requestedVersion(
      addressData?.getAttribute('content-type') ?? undefined,
      addressData?.getAttribute('version'),
      req.headers['user-agent'],
    );
    const text = (card: BookCard) => cardText(deps.images, card, version, true, cards);
    const cardResponse = async (card: BookCard) =>
      responseXml(
        paths.card(caller.userId, card.name),
        await cardPropResult(headOf(card), request, caller, () => text(card), version),
      );

    if (isElement(root, NS.CARDDAV, 'addressbook-multiget')) {
      const hrefs = childElements(root)
        .filter((el) => isElement(el, NS.DAV, 'href'))
        .map(textOf);
      // A page of hrefs at a time: vdirsyncer asks for the whole book in one multiget.
      return streamMultistatus(reply, async function* () {
        for (let at = 0; at < hrefs.length; at += CARD_PAGE) {
          const page = hrefs.slice(at, at + CARD_PAGE);
          const names = page.map((href) => cardNameOf(href, caller.userId));
          const cards = await cardsByName(
            deps.db,
            caller,
            names.filter((n): n is string => !!n),
          );
          for (const [i, href] of page.entries()) {
            const card = names[i] ? cards.get(names[i]!) : undefined;
            yield card ? await cardResponse(card) : responseXml(href, 404);
          }
        }
      });
    }

    if (isElement(root, NS.CARDDAV, 'addressbook-query')) {
      const filter = readFilter(root);
      const limitEl = child(root, NS.CARDDAV, 'limit');
      const limit =
        Number(textOf(limitEl ? child(limitEl, NS.CARDDAV, 'nresults') : undefined)) || Infinity;
      return streamMultistatus(reply, async function* () {
        let sent = 0;
        for await (const page of activeCards(deps.db, caller)) {
          for (const card of page) {
            if (sent >= limit) return;
            // Filtered on the card's text without its photo.
            const searched = await cardText(deps.images, card, '4.0', false, cards);
            if (!matchesFilter(filter, searched)) continue;
            sent++;
            yield await cardResponse(card);
          }
        }
      });
    }

    if (isElement(root, NS.DAV, 'sync-collection')) {
      const token = textOf(child(root, NS.DAV, 'sync-token'));
      const book = await bookState(deps.db, caller.userId);
      if (!book) throw new DavError(404, 'There is nothing at this address.');
      let since = 0;
      if (token) {
        const revision = revisionOfToken(token);
        if (
          revision === null ||
          revision < book.syncFloor ||
          (revision > book.revision && revision > book.syncFloor)
        ) {
          throw new DavError(
            403,
            'This sync token is unknown or too old; sync the whole address book again.',
            {
              ns: NS.DAV,
              name: 'valid-sync-token',
            },
          );
        }
        since = revision;
      }
      const limit = syncLimit(root);
      if (limit !== undefined) {
        // RFC 6578 §3.6: at most `limit` changes, in the order they were made; the token is of
        // the last one given, and a 507 for the collection says more are waiting.
        const page = await limitedChanges(deps.db, caller, since, limit, !token);
        return streamMultistatus(
          reply,
          async function* () {
            for (const change of page.changes) {
              yield 'card' in change
                ? await cardResponse(change.card)
                : responseXml(paths.card(caller.userId, change.name), 404);
            }
            if (page.truncated) {
              yield errorResponseXml(paths.book(caller.userId), 507, {
                ns: NS.DAV,
                name: 'number-of-matches-within-limits',
              });
            }
          },
          syncTokenOf(page.truncated ? page.revision : book.revision),
        );
      }
      return streamMultistatus(
        reply,
        async function* () {
          if (!token && !asksCardText(request)) {
            for await (const page of activeCardHeads(deps.db, caller)) {
              for (const head of page) {
                yield responseXml(
                  paths.card(caller.userId, head.name),
                  await cardPropResult(head, request, caller, undefined, version),
                );
              }
            }
            return;
          }
          if (!token) {
            for await (const page of activeCards(deps.db, caller)) {
              for (const card of page) yield await cardResponse(card);
            }
            return;
          }
          for await (const page of changesSince(deps.db, caller, since)) {
            for (const change of page) {
              yield 'card' in change
                ? await cardResponse(change.card)
                : responseXml(paths.card(caller.userId, change.name), 404);
            }
          }
        },
        syncTokenOf(book.revision),
      );
    }
    throw new DavError(403, `The report ${root.localName} is not supported.`, {
      ns: NS.DAV,
      name: 'supported-report',
    });
  }

  async function get(
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    resource: DavResource,
  ) {
    if (resource.kind !== 'card') {
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          'Kith CardDAV. Add this address to your phone or computer’s contacts app as a CardDAV account.\n',
        );
    }
    const card = (await cardsByName(deps.db, caller, [resource.name])).get(resource.name);
    if (!card) throw new DavError(404, 'There is no card here.');
    const asked = requestedVersion(req.headers.accept, null, req.headers['user-agent']);
    const head = headOf(card);
    const etag = cardEtag(head, asked);
    reply
      .header('ETag', etag)
      .header('Last-Modified', card.updatedAt.toUTCString())
      .header('Vary', 'Accept');
    // RFC 7232 §3.2: the client's copy is this one.
    if (etagListed(req.headers['if-none-match'], etag)) return reply.code(304).send();
    const text = await cardText(deps.images, card, asked, true, cards);
    return reply
      .type(`text/vcard; charset=utf-8; version=${asked ?? head.version}`)
      .send(req.method === 'HEAD' ? undefined : text);
  }

  async function put(
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    resource: DavResource,
    body: string,
  ) {
    if (resource.kind !== 'card') {
      throw new DavError(405, 'Cards are PUT inside the address book.');
    }
    if (resource.name.length > 255) {
      throw new DavError(400, 'A card name is at most 255 characters.');
    }
    // Apple's clients write a label as a group card.
    if (isGroupCard(body)) {
      const group = readIncomingGroup(body, `urn:uuid:${crypto.randomUUID()}`);
      const saved = await putGroup(deps.db, caller.userId, resource.name, group, conditionsOf(req));
      return reply.code(saved.created ? 201 : 204).send();
    }
    const card = await readIncomingCard(
      body,
      req.headers['content-type'],
      `urn:uuid:${crypto.randomUUID()}`,
    );
    const { created, etag } = await putCard(
      deps,
      caller.userId,
      resource.name,
      card,
      conditionsOf(req),
    );
    return reply
      .header('ETag', etag)
      .code(created ? 201 : 204)
      .send();
  }

  async function remove(
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    resource: DavResource,
  ) {
    if (resource.kind !== 'card') {
      throw new DavError(403, 'The address book cannot be deleted; delete its cards instead.');
    }
    // A group card's label is deleted (labels have no trash); a contact goes to the Trash.
    if (!(await deleteGroup(deps.db, caller.userId, resource.name, conditionsOf(req)))) {
      await trashCard(deps, caller.userId, resource.name, conditionsOf(req));
    }
    return reply.code(204).send();
  }
};

/**
 * The `DAV:limit` of a sync-collection (RFC 6578 §3.6): its `DAV:nresults`, or undefined when
 * it asks for no limit.
 *
 * @throws DavError 400 when `nresults` is not a whole number from 1 up.
 */
function syncLimit(root: XmlElement): number | undefined {
  const limit = child(root, NS.DAV, 'limit');
  if (!limit) return undefined;
  const text = textOf(child(limit, NS.DAV, 'nresults')).trim();
  const value = Number(text);
  if (!/^\d{1,9}$/.test(text) || value < 1) {
    throw new DavError(400, 'DAV:limit asks for nresults, a whole number from 1 up.');
  }
  return value;
}

/**
 * A request body as text. A card (`text/vcard`) is UTF-8 (RFC 6350 §3.1) unless a byte order
 * mark or the `charset` of its Content-Type says otherwise (vCard 3.0 names its charset in
 * the MIME type, RFC 2426 §4), and is read strictly: a card is stored as its text, so bytes
 * that are not text of its charset are refused, never stored as replacement characters. XML
 * bodies are read as UTF-8.
 *
 * @throws DavError 415 `supported-address-data` for a card whose bytes are not its charset's,
 *   or whose charset is unknown.
 */
function decodeBody(body: Buffer, contentType: string | undefined): string {
  const [media = '', ...params] = (contentType ?? '').split(';').map((p) => p.trim());
  if (!/^text\/(x-)?vcard$|^text\/directory$/i.test(media)) return body.toString('utf8');
  const named = params
    .map((p) => /^charset\s*=\s*"?([^";]+)"?$/i.exec(p)?.[1])
    .find(Boolean)
    ?.toLowerCase();
  const bom =
    body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf
      ? 'utf-8'
      : body[0] === 0xff && body[1] === 0xfe
        ? 'utf-16le'
        : body[0] === 0xfe && body[1] === 0xff
          ? 'utf-16be'
          : undefined;
  const charset = bom ?? named ?? 'utf-8';
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    throw new DavError(
      415,
      `The charset ${charset} is not one Kith reads; send the card in UTF-8.`,
      {
        ns: NS.CARDDAV,
        name: 'supported-address-data',
      },
    );
  }
  try {
    return decoder.decode(body);
  } catch {
    throw new DavError(
      415,
      `This card is not valid ${charset}: send it in UTF-8 (RFC 6350 §3.1), or name its charset in Content-Type.`,
      { ns: NS.CARDDAV, name: 'supported-address-data' },
    );
  }
}

/** Whether a request carries a body (RFC 9112 §6.3: a length, or chunked). */
function hasBody(req: FastifyRequest): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
  );
}

const ROOT: DavResource = { kind: 'root' };

/** Whether a request is for the host's root, `/`, rather than a path under `/dav/`. */
function isHostRoot(req: FastifyRequest): boolean {
  return req.url.split('?')[0] === '/';
}

function hrefOf(resource: DavResource): string {
  switch (resource.kind) {
    case 'root':
      return DAV_ROOT;
    case 'principal':
      return paths.principal(resource.userId);
    case 'home':
      return paths.home(resource.userId);
    case 'book':
      return paths.book(resource.userId);
    case 'card':
      return paths.card(resource.userId, resource.name);
  }
}

/** Entity tags of `If-Match` / `If-None-Match` (RFC 7232 §3.1), `*` kept as it is. */
function entityTags(header: string | string[] | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
}

/**
 * Whether `If-None-Match` on a GET names `etag` (RFC 7232 §3.2, weak comparison: `W/` is
 * ignored) or is `*`: the client holds this representation, and gets 304.
 */
function etagListed(header: string | string[] | undefined, etag: string): boolean {
  const tags = entityTags(header);
  return !!tags && tags.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

function conditionsOf(req: FastifyRequest): WriteConditions {
  return {
    ifMatch: entityTags(req.headers['if-match']),
    ifNoneMatch: entityTags(req.headers['if-none-match']),
  };
}

/** The names of a PROPFIND (RFC 4918 §14.20); an empty body is `allprop`. */
async function readPropfind(body: string): Promise<PropRequest> {
  if (!body.trim()) return { type: 'allprop', include: [] };
  const root = await parseXml(body);
  if (!isElement(root, NS.DAV, 'propfind')) {
    throw new DavError(400, 'A PROPFIND body is a DAV:propfind.');
  }
  if (child(root, NS.DAV, 'propname')) return { type: 'propname' };
  if (child(root, NS.DAV, 'allprop')) {
    const include = child(root, NS.DAV, 'include');
    return { type: 'allprop', include: include ? namesOf(include) : [] };
  }
  return readProp(root);
}

/** Whether a REPORT asks for the cards' text (`address-data`), which a card's head lacks. */
function asksCardText(request: PropRequest): boolean {
  const names =
    request.type === 'prop' ? request.names : request.type === 'allprop' ? request.include : [];
  return names.some((name) => name.ns === NS.CARDDAV && name.name === 'address-data');
}

/** The `DAV:prop` names inside a PROPFIND or REPORT body; none means all. */
function readProp(root: XmlElement): PropRequest {
  const prop = child(root, NS.DAV, 'prop');
  if (!prop) return { type: 'allprop', include: [] };
  return { type: 'prop', names: namesOf(prop) };
}

/**
 * The property names under `el`, each once.
 *
 * @throws DavError 413 past `MAX_DAV_PROPERTIES` names.
 */
function namesOf(el: XmlElement): QName[] {
  const names = new Map<string, QName>();
  for (const c of childElements(el)) {
    const q = { ns: c.namespaceURI ?? '', name: c.localName ?? '' };
    names.set(keyOf(q), q);
    if (names.size > MAX_DAV_PROPERTIES) throw tooManyProperties();
  }
  return [...names.values()];
}

function findAddressData(root: XmlElement): XmlElement | undefined {
  const prop = child(root, NS.DAV, 'prop');
  return prop ? child(prop, NS.CARDDAV, 'address-data') : undefined;
}

function sendError(reply: FastifyReply, error: DavError) {
  return reply.code(error.status).type(XML_TYPE).send(errorXml(error));
}

function sendMultistatus(reply: FastifyReply, responses: string[]) {
  return reply
    .code(207)
    .type(XML_TYPE)
    .send(`${multistatusOpen()}${responses.join('')}${multistatusClose()}`);
}

/**
 * A 207 answer streamed one response at a time, yielding to other requests between cards
 * (no request may stall the server), so a 10,000-card book costs the memory of one
 * page of cards.
 */
function streamMultistatus(
  reply: FastifyReply,
  responses: () => AsyncGenerator<string>,
  syncToken?: string,
) {
  const pause = cooperative();
  async function* body() {
    yield multistatusOpen();
    let chunk = '';
    for await (const response of responses()) {
      chunk += response;
      if (chunk.length > 16_384) {
        yield chunk;
        chunk = '';
      }
      await pause();
    }
    yield chunk + multistatusClose(syncToken);
  }
  return reply.code(207).type(XML_TYPE).send(Readable.from(body()));
}
