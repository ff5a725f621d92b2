/**
 * CardDAV at scale (issue 18), as a phone's first and later syncs go, over HTTP on the real
 * app: a first sync of a whole book (PROPFIND Depth 1 for the ETags, then
 * `addressbook-multiget` 100 cards at a time, as DAVx5 and vdirsyncer do) against reading the
 * same rows straight from the database; a sync with no change (one PROPFIND of the ctag); a
 * sync after 100 changes (one `sync-collection` report); and the server's heap while it
 * streams the whole book, at two sizes of book, so a flat line shows.
 */
import { createAppPassword, type AuthKeys } from '@kith/api';
import type { DatabaseHandle } from '@kith/db';
import type { RunSql } from './floor';
import { seedAccount } from './seed';

const MULTIGET_BATCH = 100;

export interface DavRow {
  database: string;
  cards: number;
  /** PROPFIND + multigets, ms. */
  firstSyncMs: number;
  firstSyncRequests: number;
  /** The same rows (with labels) read straight from the database, ms. */
  floorMs: number;
  ratio: number;
  /** Bytes of vCards received in the first sync. */
  firstSyncBytes: number;
  /** A sync with nothing new: one PROPFIND Depth 0 of getctag, ms. */
  unchangedMs: number;
  unchangedRequests: number;
  /** After 100 contacts changed: one sync-collection report, ms, and what it listed. */
  after100Ms: number;
  after100Requests: number;
  after100Listed: number;
  /** Live heap growth (after collection) while the whole book streams as one sync-collection answer, MB. */
  streamHeapMb: number;
}

function hrefsOf(xml: string): string[] {
  return [...xml.matchAll(/<d:href>([^<]+\.vcf)<\/d:href>/g)].map((m) => m[1]!);
}

/** Runs the CardDAV measurements for a book of `cards` contacts; one row. */
export async function benchDav(
  kind: string,
  handle: DatabaseHandle,
  origin: string,
  run: RunSql,
  cards: number,
  /** The server's keys: the app password is made in the database with them. */
  keys: Pick<AuthKeys, 'tokenHashing'>,
): Promise<DavRow> {
  const email = `dav-${cards}-${Date.now()}@example.com`;
  const userId = await seedAccount(handle.db, email, cards);
  await run('analyze', []);
  const { password } = await createAppPassword(handle.db, keys, userId, 'bench');
  const authorization = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  const book = `${origin}/dav/addressbooks/${userId}/contacts/`;
  let requests = 0;
  const request = async (method: string, url: string, body?: string, depth = '1') => {
    requests++;
    const res = await fetch(url, {
      method,
      headers: { authorization, depth, 'content-type': 'application/xml; charset=utf-8' },
      body,
    });
    if (res.status !== 207) throw new Error(`${method} ${url}: ${res.status}`);
    return res.text();
  };

  // First sync.
  requests = 0;
  let started = performance.now();
  const listing = await request(
    'PROPFIND',
    book,
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontenttype/></d:prop></d:propfind>',
  );
  const hrefs = hrefsOf(listing);
  let bytes = 0;
  for (let i = 0; i < hrefs.length; i += MULTIGET_BATCH) {
    const body = `<?xml version="1.0"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>${hrefs
      .slice(i, i + MULTIGET_BATCH)
      .map((h) => `<d:href>${h}</d:href>`)
      .join('')}</c:addressbook-multiget>`;
    bytes += (await request('REPORT', book, body)).length;
  }
  const firstSyncMs = performance.now() - started;
  const firstSyncRequests = requests;
  if (hrefs.length !== cards - (await trashed(run, userId))) {
    throw new Error(`listed ${hrefs.length} cards of ${cards}`);
  }

  started = performance.now();
  await run(
    `select c.*, (select array_agg(l.name) from contact_labels cl join labels l on l.id = cl.label_id where cl.contact_id = c.id) as labels
     from contacts c where c.user_id = $1 and c.trashed_at is null order by c.dav_name`,
    [userId],
  );
  const floorMs = performance.now() - started;

  // No change: the ctag alone.
  requests = 0;
  started = performance.now();
  const state = await request(
    'PROPFIND',
    book,
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>',
    '0',
  );
  const unchangedMs = performance.now() - started;
  const unchangedRequests = requests;
  const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(state)![1]!;

  // 100 changes, then one sync-collection.
  await run(
    `update contacts set note = 'changed' where id in (select id from contacts where user_id = $1 and trashed_at is null order by id limit 100)`,
    [userId],
  );
  requests = 0;
  started = performance.now();
  const changes = await request(
    'REPORT',
    book,
    `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
  );
  const after100Ms = performance.now() - started;
  const after100Requests = requests;
  const after100Listed = hrefsOf(changes).length;

  // The whole book with its cards in one streamed answer, the live heap sampled meanwhile:
  // collected first (node --expose-gc), so garbage not yet collected is not counted.
  const live = () => {
    global.gc?.();
    return process.memoryUsage().heapUsed;
  };
  const baseline = live();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, live());
  }, 50);
  const res = await fetch(book, {
    method: 'REPORT',
    headers: { authorization, depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:address-data/></d:prop></d:sync-collection>',
  });
  // Read as a stream and dropped, as a phone writes cards to its own store.
  const reader = res.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  clearInterval(sampler);

  return {
    database: kind,
    cards,
    firstSyncMs: Math.round(firstSyncMs),
    firstSyncRequests,
    floorMs: Math.round(floorMs),
    ratio: Math.round((firstSyncMs / Math.max(floorMs, 1)) * 10) / 10,
    firstSyncBytes: bytes,
    unchangedMs: Math.round(unchangedMs * 10) / 10,
    unchangedRequests,
    after100Ms: Math.round(after100Ms * 10) / 10,
    after100Requests,
    after100Listed,
    streamHeapMb: Math.round(((peak - baseline) / 2 ** 20) * 10) / 10,
  };
}

async function trashed(run: RunSql, userId: string): Promise<number> {
  const [row] = (await run(
    'select count(*)::int as n from contacts where user_id = $1 and trashed_at is not null',
    [userId],
  )) as { n: number }[];
  return row?.n ?? 0;
}

/** The rows as a Markdown table. */
export function davTable(rows: DavRow[]): string {
  return [
    '| database | cards | first sync (requests) | floor | ratio | no change (requests) | after 100 changes (requests, listed) | heap while streaming the book |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.cards} | ${r.firstSyncMs} ms (${r.firstSyncRequests}), ${Math.round(r.firstSyncBytes / 1024)} KB | ${r.floorMs} ms | ${r.ratio}x | ${r.unchangedMs} ms (${r.unchangedRequests}) | ${r.after100Ms} ms (${r.after100Requests}, ${r.after100Listed}) | +${r.streamHeapMb} MB |`,
    ),
  ].join('\n');
}
