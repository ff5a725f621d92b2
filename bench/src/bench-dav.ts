/**
 * CardDAV at scale (docs/performance.md), as a phone's first and later syncs go, over HTTP on
 * the real app: a first sync of a whole book (PROPFIND Depth 1 for the ETags, then
 * `addressbook-multiget` 100 cards at a time, as DAVx5 and vdirsyncer do) against reading the
 * same rows straight from the database, and again from a phone in a thread of its own (the
 * server's thread then serves alone, as for a device elsewhere); a sync with no change (one PROPFIND of the ctag); a
 * sync after 100 changes (one `sync-collection` report); and the server's heap while it
 * streams the whole book, at two sizes of book, so a flat line shows. Then a phone's upload
 * into that book: 100 new cards PUT one after another with `If-None-Match: *` (ms per PUT),
 * and the first sync of what was uploaded (one `addressbook-multiget` of the 100).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { createAppPassword, type AuthKeys } from '@kith/api';
import type { DatabaseHandle } from '@kith/db';
import {
  firstSync,
  hrefsOf,
  quantile,
  unchangedSync,
  upload,
  type DavBook,
  type Upload,
} from './dav-client';
import type { RunSql } from './floor';
import { phoneCards } from './phone-cards';
import { firstSyncOnPhoneThread } from './phone-thread';
import { seedAccount } from './seed';

/** The cards of every measured upload: 100 new contacts, the same in every book. */
export const UPLOAD_CARDS = 100;
export const UPLOAD_SEED = 20261126;

/** No-change syncs measured at each size; the median is reported. */
const UNCHANGED_RUNS = 21;

export interface DavRow {
  database: string;
  cards: number;
  /** PROPFIND + multigets, ms: the first device, every card written anew. */
  firstSyncMs: number;
  /** Of which the PROPFIND Depth 1 of the ETags, ms. */
  listingMs: number;
  /** The same requests from a second device right after, the cards' texts cached, ms. */
  secondDeviceMs: number;
  /**
   * A first sync of another book of the same size from a phone in a thread of its own
   * (`phone-thread.ts`), as a device elsewhere would: the server's thread serves, ms.
   */
  phoneThreadMs: number;
  firstSyncRequests: number;
  /** The same rows (with labels) read straight from the database, ms. */
  floorMs: number;
  ratio: number;
  /** Bytes of vCards received in the first sync. */
  firstSyncBytes: number;
  /** A sync with nothing new: one PROPFIND Depth 0 of getctag, ms (median of 21). */
  unchangedMs: number;
  unchangedRequests: number;
  /** After 100 contacts changed: one sync-collection report, ms, and what it listed. */
  after100Ms: number;
  after100Requests: number;
  after100Listed: number;
  /** Live heap growth (after collection) while the whole book streams as one sync-collection answer, MB. */
  streamHeapMb: number;
  /** 100 new cards PUT into the book, then read back by one multiget. */
  upload: Upload;
}

/**
 * Runs `fn` under the V8 CPU profiler of this process (the server's request thread: the bench
 * serves in-process) when `dir` is set, and writes `<dir>/<name>.cpuprofile` (open it in Chrome's
 * DevTools or speedscope); without `dir`, just runs `fn`.
 */
export async function profiled<T>(
  dir: string | undefined,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** A new account with an app password: its (empty) book, and its id. */
export async function kithAccount(
  handle: DatabaseHandle,
  origin: string,
  keys: Pick<AuthKeys, 'tokenHashing'>,
  email: string,
  cards: number,
): Promise<{ userId: string; book: DavBook }> {
  const userId = await seedAccount(handle.db, email, cards);
  const { password } = await createAppPassword(handle.db, keys, userId, 'bench');
  return {
    userId,
    book: {
      url: `${origin}/dav/addressbooks/${userId}/contacts/`,
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    },
  };
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
  /** A folder for CPU profiles of the first sync and the no-change sync (`BENCH_DAV_PROFILE`). */
  profileDir?: string,
): Promise<DavRow> {
  const email = `dav-${cards}-${Date.now()}@example.com`;
  const { userId, book: davBook } = await kithAccount(handle, origin, keys, email, cards);
  await run('analyze', []);
  const { authorization } = davBook;
  const book = davBook.url;
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

  // First sync: the requests of dav-client.ts, as for Radicale.
  const first = await profiled(profileDir, `first-sync-${kind}-${cards}`, () => firstSync(davBook));
  if (first.listed !== cards - (await trashed(run, userId))) {
    throw new Error(`listed ${first.listed} cards of ${cards}`);
  }
  const second = await firstSync(davBook);
  const other = await kithAccount(handle, origin, keys, `phone-${email}`, cards);
  await run('analyze', []);
  const onPhoneThread = await firstSyncOnPhoneThread(other.book);
  if (onPhoneThread.listed !== cards - (await trashed(run, other.userId))) {
    throw new Error(`the phone thread listed ${onPhoneThread.listed} cards of ${cards}`);
  }

  let started = performance.now();
  await run(
    `select c.*, (select array_agg(l.name) from contact_labels cl join labels l on l.id = cl.label_id where cl.contact_id = c.id) as labels
     from contacts c where c.user_id = $1 and c.trashed_at is null order by c.dav_name`,
    [userId],
  );
  const floorMs = performance.now() - started;

  // No change: the ctag alone, the median of `UNCHANGED_RUNS` syncs (one is a few ms, within
  // the machine's noise).
  const unchangedRuns = await profiled(profileDir, `no-change-${kind}-${cards}`, async () => {
    const runs = [];
    for (let i = 0; i < UNCHANGED_RUNS; i++) runs.push(await unchangedSync(davBook));
    return runs;
  });
  const unchanged = {
    ...unchangedRuns[0]!,
    ms: quantile(
      unchangedRuns.map((r) => r.ms),
      0.5,
    ),
  };
  const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(unchanged.answer)![1]!;

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

  // A phone's upload into the book, and the first sync of what it uploaded.
  const uploaded = await upload(davBook, phoneCards(UPLOAD_CARDS, UPLOAD_SEED));

  return {
    database: kind,
    cards,
    firstSyncMs: Math.round(first.ms),
    listingMs: Math.round(first.listingMs),
    secondDeviceMs: Math.round(second.ms),
    phoneThreadMs: Math.round(onPhoneThread.ms),
    firstSyncRequests: first.requests,
    floorMs: Math.round(floorMs),
    ratio: Math.round((first.ms / Math.max(floorMs, 1)) * 10) / 10,
    firstSyncBytes: first.bytes,
    unchangedMs: Math.round(unchanged.ms * 10) / 10,
    unchangedRequests: unchanged.requests,
    after100Ms: Math.round(after100Ms * 10) / 10,
    after100Requests,
    after100Listed,
    streamHeapMb: Math.round(((peak - baseline) / 2 ** 20) * 10) / 10,
    upload: uploaded,
  };
}

async function trashed(run: RunSql, userId: string): Promise<number> {
  const [row] = (await run(
    'select count(*)::int as n from contacts where user_id = $1 and trashed_at is not null',
    [userId],
  )) as { n: number }[];
  return row?.n ?? 0;
}

/** An upload's cells: ms per PUT (median / p90), the total, and the first sync of the cards. */
export function uploadCells(u: Upload): string {
  return `${u.putMedianMs} / ${u.putP90Ms} ms, ${(u.totalMs / 1000).toFixed(2)} s | ${u.syncMs} ms (1), ${u.returnedAsSent} as sent`;
}

/** The rows as a Markdown table. */
export function davTable(rows: DavRow[]): string {
  return [
    '| database | cards | first sync (requests) | of which the listing | second device | phone in its own thread | floor | ratio | no change (requests) | after 100 changes (requests, listed) | heap while streaming the book | upload of 100: per PUT (median / p90), total | first sync of the 100 uploaded |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.cards} | ${r.firstSyncMs} ms (${r.firstSyncRequests}), ${Math.round(r.firstSyncBytes / 1024)} KB | ${r.listingMs} ms | ${r.secondDeviceMs} ms | ${r.phoneThreadMs} ms | ${r.floorMs} ms | ${r.ratio}x | ${r.unchangedMs} ms (${r.unchangedRequests}) | ${r.after100Ms} ms (${r.after100Requests}, ${r.after100Listed}) | +${r.streamHeapMb} MB | ${uploadCells(r.upload)} |`,
    ),
  ].join('\n');
}
