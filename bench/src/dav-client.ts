/**
 * The requests a phone makes, written once and sent to any CardDAV server (Kith, Radicale), so
 * the rows of each compare the same requests: a first sync (PROPFIND Depth 1 for the ETags,
 * then `addressbook-multiget` 100 cards at a time, as DAVx5 and vdirsyncer do), a sync with no
 * change (PROPFIND Depth 0 of the ctag and sync token) and an upload (one PUT per card with
 * `If-None-Match: *`, one after another, as a phone sends new contacts).
 */
import type { PhoneCard } from './phone-cards';

export const MULTIGET_BATCH = 100;

/** An address book on a server, and how to sign in to it. */
export interface DavBook {
  /** The collection's absolute URL, ending in `/`. */
  url: string;
  authorization: string;
}

const PROPFIND_ETAGS =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontenttype/></d:prop></d:propfind>';
const PROPFIND_STATE =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>';

/** The hrefs of cards (`….vcf`) in a Multi-Status answer, whatever prefix DAV: has. */
export function hrefsOf(xml: string): string[] {
  return [...xml.matchAll(/<(?:[\w-]+:)?href>([^<]+\.vcf)<\/(?:[\w-]+:)?href>/gi)].map(
    (m) => m[1]!,
  );
}

/** XML character data back to text (the five entities and numeric references). */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) => {
    if (ref[0] === '#') {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return String.fromCodePoint(parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[ref.toLowerCase()]!;
  });
}

/** Each card's `address-data` in a Multi-Status answer, by the last segment of its href. */
export function addressDataOf(xml: string): Map<string, string> {
  const cards = new Map<string, string>();
  const responses = xml.split(/<(?:[\w-]+:)?response[\s>]/i).slice(1);
  for (const response of responses) {
    const href = hrefsOf(response)[0];
    const data = /<(?:[\w-]+:)?address-data[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?address-data>/i.exec(
      response,
    );
    if (href && data) {
      const name = decodeURIComponent(href.split('/').pop()!);
      const raw = data[1]!;
      const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(raw);
      cards.set(name, cdata ? cdata[1]! : unescapeXml(raw));
    }
  }
  return cards;
}

function multigetBody(hrefs: string[]): string {
  return `<?xml version="1.0"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>${hrefs
    .map((h) => `<d:href>${h}</d:href>`)
    .join('')}</c:addressbook-multiget>`;
}

/** A client for one book that counts its requests. */
export function davClient(book: DavBook) {
  let requests = 0;
  /** A PROPFIND or REPORT; its 207 body. */
  const xml = async (method: string, body: string, depth: '0' | '1') => {
    requests++;
    const res = await fetch(book.url, {
      method,
      headers: {
        authorization: book.authorization,
        depth,
        'content-type': 'application/xml; charset=utf-8',
      },
      body,
    });
    const text = await res.text();
    if (res.status !== 207)
      throw new Error(`${method} ${book.url}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  return {
    get requests() {
      return requests;
    },
    resetRequests() {
      requests = 0;
    },
    xml,
    /** PROPFIND Depth 1 of the ETags. */
    listing: () => xml('PROPFIND', PROPFIND_ETAGS, '1'),
    /** PROPFIND Depth 0 of the ctag and sync token. */
    state: () => xml('PROPFIND', PROPFIND_STATE, '0'),
    /** One `addressbook-multiget` of `hrefs`. */
    multiget: (hrefs: string[]) => xml('REPORT', multigetBody(hrefs), '1'),
    /** One PUT of a new card (`If-None-Match: *`); its status. */
    async put(card: PhoneCard): Promise<number> {
      requests++;
      const res = await fetch(`${book.url}${encodeURIComponent(card.name)}`, {
        method: 'PUT',
        headers: {
          authorization: book.authorization,
          'content-type': 'text/vcard; charset=utf-8',
          'if-none-match': '*',
        },
        body: card.text,
      });
      const text = await res.text();
      if (res.status !== 201 && res.status !== 204) {
        throw new Error(`PUT ${card.name}: ${res.status} ${text.slice(0, 300)}`);
      }
      return res.status;
    },
  };
}

export interface FirstSync {
  ms: number;
  /** The PROPFIND Depth 1 of the ETags alone, ms. */
  listingMs: number;
  requests: number;
  /** Characters of Multi-Status received by the multigets. */
  bytes: number;
  listed: number;
}

/** A first sync: PROPFIND Depth 1 for the ETags, then multigets of 100. */
export async function firstSync(book: DavBook): Promise<FirstSync> {
  const client = davClient(book);
  const started = performance.now();
  const hrefs = hrefsOf(await client.listing());
  const listingMs = performance.now() - started;
  let bytes = 0;
  for (let i = 0; i < hrefs.length; i += MULTIGET_BATCH) {
    bytes += (await client.multiget(hrefs.slice(i, i + MULTIGET_BATCH))).length;
  }
  return {
    ms: performance.now() - started,
    listingMs,
    requests: client.requests,
    bytes,
    listed: hrefs.length,
  };
}

/** A sync with nothing new: PROPFIND Depth 0 of the ctag and sync token; its answer too. */
export async function unchangedSync(
  book: DavBook,
): Promise<{ ms: number; requests: number; answer: string }> {
  const client = davClient(book);
  const started = performance.now();
  const answer = await client.state();
  return { ms: performance.now() - started, requests: client.requests, answer };
}

/** Cards PUT one after another: the time of each, ms. */
export async function putAll(book: DavBook, cards: PhoneCard[]): Promise<number[]> {
  const client = davClient(book);
  const times: number[] = [];
  for (const card of cards) {
    const started = performance.now();
    await client.put(card);
    times.push(performance.now() - started);
  }
  return times;
}

export interface Upload {
  cards: number;
  /** ms per PUT. */
  putMedianMs: number;
  putP90Ms: number;
  /** All the PUTs, one after another, ms. */
  totalMs: number;
  /** The uploaded cards read back by one `addressbook-multiget`, ms. */
  syncMs: number;
  /** Of the cards read back, how many came back exactly as they were sent. */
  returnedAsSent: number;
}

/** The `q` quantile of `values` (nearest rank). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/**
 * A phone's upload: `cards` PUT one after another with `If-None-Match: *`, then the first sync
 * of what was uploaded, one `addressbook-multiget` of their hrefs.
 */
export async function upload(book: DavBook, cards: PhoneCard[]): Promise<Upload> {
  const started = performance.now();
  const times = await putAll(book, cards);
  const totalMs = performance.now() - started;
  const client = davClient(book);
  const hrefs = cards.map((c) => `${new URL(book.url).pathname}${encodeURIComponent(c.name)}`);
  const syncStarted = performance.now();
  const answer = await client.multiget(hrefs);
  const syncMs = performance.now() - syncStarted;
  const returned = addressDataOf(answer);
  if (returned.size !== cards.length) {
    throw new Error(`the multiget returned ${returned.size} of ${cards.length} uploaded cards`);
  }
  return {
    cards: cards.length,
    putMedianMs: round(quantile(times, 0.5)),
    putP90Ms: round(quantile(times, 0.9)),
    totalMs: Math.round(totalMs),
    syncMs: round(syncMs),
    returnedAsSent: cards.filter((c) => returned.get(c.name) === c.text).length,
  };
}

/** To one decimal. */
export function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
