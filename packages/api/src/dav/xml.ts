import { SaxesParser, type SaxesTagNS } from 'saxes';
import { cooperative } from '../shared/event-loop';

/** The XML namespaces Kith's CardDAV speaks (RFC 4918, RFC 6352, Apple's CalendarServer). */
export const NS = {
  DAV: 'DAV:',
  CARDDAV: 'urn:ietf:params:xml:ns:carddav',
  CS: 'http://calendarserver.org/ns/',
} as const;

/** Prefixes written on the multistatus root, so each response needs no declarations. */
const PREFIXES: Record<string, string> = { [NS.DAV]: 'd', [NS.CARDDAV]: 'card', [NS.CS]: 'cs' };

/** `xmlns:d="DAV:" …`: the prefixes declared on the root of a Multi-Status or error body. */
const PREFIX_DECLARATIONS = Object.entries(PREFIXES)
  .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
  .join('');

/** A property's or element's qualified name: `{namespace}local`. */
export interface QName {
  ns: string;
  name: string;
}

/** `{DAV:}getetag`: a property's key in maps. */
export function keyOf(q: QName): string {
  return `{${q.ns}}${q.name}`;
}

/**
 * A DAV failure with its HTTP status, a message for people, and the precondition or
 * postcondition element of RFC 4918 §16 (`DAV:valid-sync-token`, `CARDDAV:no-uid-conflict`)
 * that clients read; answered as a `DAV:error` body.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly condition?: QName,
    /** An href inside the condition (the conflicting card of `no-uid-conflict`). */
    readonly href?: string,
  ) {
    super(message);
  }
}

/**
 * An element of a parsed request body: its namespace and local name (RFC 4918 compares
 * names by both), attributes by local name, child elements and text.
 */
export class XmlElement {
  readonly children: XmlElement[] = [];
  /** Text directly inside this element, in document order. */
  ownText = '';

  constructor(
    readonly namespaceURI: string,
    readonly localName: string,
    private readonly attributes: ReadonlyMap<string, string>,
  ) {}

  /** An attribute's value by its local name, or null. */
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  /**
   * All the text inside, this element's and its descendants', in document order. Walked with
   * a stack of its own, not by recursion, so no nesting can overflow the call stack.
   */
  get textContent(): string {
    let text = '';
    const pending: XmlElement[] = [this];
    for (let el = pending.pop(); el; el = pending.pop()) {
      text += el.ownText;
      for (let i = el.children.length - 1; i >= 0; i--) pending.push(el.children[i]!);
    }
    return text;
  }
}

/** Whether an element is `{ns}name`. */
export function isElement(node: XmlElement | undefined, ns: string, name: string): boolean {
  return !!node && node.namespaceURI === ns && node.localName === name;
}

/** The element children of an element. */
export function childElements(el: XmlElement): XmlElement[] {
  return el.children;
}

/** The first child element `{ns}name`, or undefined. */
export function child(el: XmlElement, ns: string, name: string): XmlElement | undefined {
  return el.children.find((c) => isElement(c, ns, name));
}

/** The text inside an element, trimmed. */
export function textOf(el: XmlElement | undefined): string {
  return (el?.textContent ?? '').trim();
}

/** Body text fed to the parser at a time, in characters, between turns of the event loop. */
const PARSE_CHUNK = 32 * 1024;

/**
 * The most elements a request body may nest (docs/request-limits.md). The deepest body a
 * CardDAV client sends, an `addressbook-query` filter, nests six; the cap keeps every walk
 * of the tree short and refuses the deep nesting that makes namespace-aware parsers slow.
 */
export const MAX_XML_DEPTH = 32;

/**
 * The most elements in one request body (docs/request-limits.md): a multiget of every card
 * of a 40,000-card book fits (one `href` each), a body of empty elements filling the byte
 * limit does not.
 */
export const MAX_XML_ELEMENTS = 50_000;

/** The most attributes on one element; WebDAV's elements carry one or two. */
export const MAX_XML_ATTRIBUTES = 32;

/** Thrown from inside the parser's handlers to stop it at once, mid-chunk. */
class XmlLimitExceeded extends Error {
  constructor(readonly davError: DavError) {
    super(davError.message);
  }
}

/**
 * Parses a request body as namespace-aware XML (saxes, streaming) and returns its root. The
 * body is fed in chunks, letting other requests run between them, so a 10,000-href multiget
 * (vdirsyncer sends one of the whole book) never holds the event loop. A document type
 * declaration is refused: no DTD is read, so no entity is ever expanded and no external
 * entity fetched (OWASP XML External Entity Prevention Cheat Sheet). Nesting, element and
 * attribute counts are capped while parsing (`MAX_XML_DEPTH`, `MAX_XML_ELEMENTS`,
 * `MAX_XML_ATTRIBUTES`; docs/request-limits.md): the parser stops at the first element past
 * a cap, so a hostile body costs no more than the cap's worth of work.
 *
 * @throws DavError 400 for a DOCTYPE, malformed XML or nesting deeper than `MAX_XML_DEPTH`;
 *   413 for more than `MAX_XML_ELEMENTS` elements or `MAX_XML_ATTRIBUTES` attributes on one.
 */
export async function parseXml(body: string): Promise<XmlElement> {
  const malformed = (reason: string) =>
    new DavError(400, `The request body is not well-formed XML: ${reason.split('\n')[0]}`);
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) {
    throw new DavError(400, 'XML with a document type declaration (DOCTYPE) is not accepted.');
  }
  const parser = new SaxesParser({ xmlns: true });
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new Error('DOCTYPE');
  });
  let elements = 0;
  let attributeCount = 0;
  parser.on('opentagstart', () => {
    if (open.length >= MAX_XML_DEPTH) {
      throw new XmlLimitExceeded(
        new DavError(400, `XML elements may be nested at most ${MAX_XML_DEPTH} deep.`),
      );
    }
    if (++elements > MAX_XML_ELEMENTS) {
      throw new XmlLimitExceeded(
        new DavError(413, `A request body holds at most ${MAX_XML_ELEMENTS} XML elements.`),
      );
    }
    attributeCount = 0;
  });
  parser.on('attribute', () => {
    if (++attributeCount > MAX_XML_ATTRIBUTES) {
      throw new XmlLimitExceeded(
        new DavError(413, `An XML element holds at most ${MAX_XML_ATTRIBUTES} attributes.`),
      );
    }
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = new Map(Object.values(tag.attributes).map((a) => [a.local, a.value]));
    const el = new XmlElement(tag.uri, tag.local, attributes);
    const parent = open.at(-1);
    if (parent) parent.children.push(el);
    else root ??= el;
    if (!tag.isSelfClosing) open.push(el);
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (!tag.isSelfClosing) open.pop();
  });
  const onText = (text: string) => {
    const el = open.at(-1);
    if (el) el.ownText += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  const pause = cooperative();
  try {
    for (let at = 0; at < body.length && !failure; at += PARSE_CHUNK) {
      parser.write(body.slice(at, at + PARSE_CHUNK));
      await pause();
    }
    if (!failure) parser.close();
  } catch (error) {
    if (error instanceof XmlLimitExceeded) throw error.davError;
    throw error;
  }
  if (failure) throw malformed(failure.message);
  if (!root) throw malformed('it has no root element.');
  return root;
}

/** The opening of a 207 Multi-Status body (RFC 4918 §13), with Kith's prefixes declared. */
export function multistatusOpen(): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus${PREFIX_DECLARATIONS}>`;
}

/** The end of a Multi-Status body, with the report's sync token when it has one (RFC 6578). */
export function multistatusClose(syncToken?: string): string {
  return `${syncToken ? `<d:sync-token>${escapeText(syncToken)}</d:sync-token>` : ''}</d:multistatus>`;
}

/**
 * Characters XML 1.0 cannot carry, even as a reference (§2.2 `Char`): C0 controls but tab, LF
 * and CR, U+FFFE and U+FFFF, and halves of surrogate pairs standing alone.
 */
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether a text needs any work to be written as character data: markup or a non-XML character. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const TEXT_NEEDS_WORK = /[&<>\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

/**
 * Text as XML character data (XML 1.0 §2.4): `&`, `<` and `>` escaped (`>` too, so `]]>` never
 * appears), and each character XML cannot carry replaced by U+FFFD, so a card with control
 * characters still answers a document every parser reads. Carriage returns and tabs are kept as
 * they are, as the XML builder before wrote them.
 */
export function escapeText(text: string): string {
  if (!TEXT_NEEDS_WORK.test(text)) return text;
  return text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Text as an attribute value in double quotes (XML 1.0 §3.1): as `escapeText`, and `"` too. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** Markup written as it is: child elements of a property, already escaped. */
export class Markup {
  constructor(readonly xml: string) {}
}

/** A property's value: text (escaped when written), or child elements as markup. */
export type PropValue = string | Markup;

/** What one resource answers: its found properties and the names of those it does not have. */
export interface PropResult {
  found: Map<string, { q: QName; value: PropValue }>;
  missing: QName[];
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  424: 'Failed Dependency',
  507: 'Insufficient Storage',
};

/** `HTTP/1.1 404 Not Found`. */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`.trim();
}

/**
 * An element's opening tag name and its namespace declaration: the root's prefix for DAV,
 * CardDAV and CalendarServer names, else the bare name declaring its namespace as the default
 * (none for a name in no namespace).
 */
function tagOf(q: QName): { tag: string; declaration: string } {
  const prefix = PREFIXES[q.ns];
  if (prefix) return { tag: `${prefix}:${q.name}`, declaration: '' };
  return { tag: q.name, declaration: q.ns ? ` xmlns="${escapeAttribute(q.ns)}"` : '' };
}

/**
 * `<{ns}name>` with `inner` (markup, already escaped) inside, or empty (`<name/>`). The name
 * is a parsed request's or Kith's own, so it is a well-formed XML name.
 */
export function elementXml(q: QName, inner = ''): string {
  const { tag, declaration } = tagOf(q);
  return inner ? `<${tag}${declaration}>${inner}</${tag}>` : `<${tag}${declaration}/>`;
}

/** Properties answered with one status (RFC 4918 §14.22 `propstat`). */
export interface PropStat {
  status: number;
  props: { q: QName; value: PropValue }[];
}

/** A resource's found properties (200) and missing ones (404), as propstats. */
export function propStatsOf(result: PropResult): PropStat[] {
  const stats: PropStat[] = [];
  if (result.found.size > 0 || result.missing.length === 0) {
    stats.push({ status: 200, props: [...result.found.values()] });
  }
  if (result.missing.length > 0) {
    stats.push({ status: 404, props: result.missing.map((q) => ({ q, value: '' })) });
  }
  return stats;
}

/**
 * One `<d:response>` of a Multi-Status: the href with its propstats, or with a bare status (a
 * card that is gone, RFC 6578 §3.5.2). Written as text on its own, its prefixes those the
 * Multi-Status root declares (`multistatusOpen`), so long answers are streamed one response
 * at a time without building a document.
 */
export function responseXml(href: string, result: PropResult | PropStat[] | number): string {
  let xml = `<d:response><d:href>${escapeText(href)}</d:href>`;
  if (typeof result === 'number') {
    return `${xml}<d:status>${statusLine(result)}</d:status></d:response>`;
  }
  for (const stat of Array.isArray(result) ? result : propStatsOf(result)) {
    xml += '<d:propstat><d:prop>';
    for (const { q, value } of stat.props) {
      xml += elementXml(q, typeof value === 'string' ? escapeText(value) : value.xml);
    }
    xml += `</d:prop><d:status>${statusLine(stat.status)}</d:status></d:propstat>`;
  }
  return `${xml}</d:response>`;
}

/**
 * A response with a status and a precondition (RFC 4918 §14.24 `response` with `error`), as
 * the 507 `number-of-matches-within-limits` of a truncated sync (RFC 6578 §3.6).
 */
export function errorResponseXml(href: string, status: number, condition: QName): string {
  return (
    `<d:response><d:href>${escapeText(href)}</d:href><d:status>${statusLine(status)}</d:status>` +
    `<d:error>${elementXml(condition)}</d:error></d:response>`
  );
}

/** The namespace of the human-readable message inside a `DAV:error` body. */
const KITH_NS = 'http://kith.app/ns';

/**
 * A `DAV:error` body (RFC 4918 §16) naming the failed condition, with the message for people
 * in Apple's and sabre/dav's habit of a human-readable element beside it.
 */
export function errorXml(error: DavError): string {
  let condition = '';
  if (error.condition) {
    condition = elementXml(
      error.condition,
      error.href ? `<d:href>${escapeText(error.href)}</d:href>` : '',
    );
  }
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<d:error${PREFIX_DECLARATIONS}>${condition}` +
    `<message xmlns="${KITH_NS}">${escapeText(error.message)}</message></d:error>`
  );
}

/** A `<d:href>` child, for properties whose value is a URL. */
export function hrefValue(href: string): Markup {
  return new Markup(`<d:href>${escapeText(href)}</d:href>`);
}
