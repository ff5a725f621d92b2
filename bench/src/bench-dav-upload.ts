/**
 * A book a phone uploaded, on any CardDAV server (Kith, Radicale), with the same requests on
 * each: the first upload of `cards` new cards by PUT (`If-None-Match: *`, one after another,
 * as a phone sends its book to an empty account), a first sync of that book (PROPFIND Depth 1
 * + multigets of 100), a sync with no change (PROPFIND Depth 0 of the ctag and sync token),
 * then 100 more cards PUT into the full book (ms per PUT) and read back by one multiget.
 */
import {
  firstSync,
  putAll,
  quantile,
  round,
  unchangedSync,
  upload,
  type DavBook,
  type Upload,
} from './dav-client';
import { UPLOAD_CARDS, UPLOAD_SEED, uploadCells } from './bench-dav';
import { phoneCards } from './phone-cards';

export interface UploadedBookRow {
  /** `kith pglite`, `kith postgres`, `radicale 3.1.8`. */
  server: string;
  cards: number;
  /** The whole book PUT into an empty one, ms, and ms per PUT (median / p90). */
  firstUploadMs: number;
  firstUploadPutMedianMs: number;
  firstUploadPutP90Ms: number;
  firstSyncMs: number;
  firstSyncRequests: number;
  firstSyncBytes: number;
  unchangedMs: number;
  unchangedRequests: number;
  /** 100 new cards PUT into the uploaded book, then read back by one multiget. */
  upload: Upload;
}

/** The seed of a book's first upload: the same cards for every server at one size. */
const bookSeed = (cards: number) => 1_000_000 + cards;

export async function benchUploadedBook(
  server: string,
  book: DavBook,
  cards: number,
): Promise<UploadedBookRow> {
  const started = performance.now();
  const times = await putAll(book, phoneCards(cards, bookSeed(cards)));
  const firstUploadMs = performance.now() - started;

  const first = await firstSync(book);
  if (first.listed !== cards)
    throw new Error(`${server}: listed ${first.listed} cards of ${cards}`);
  const unchanged = await unchangedSync(book);
  const uploaded = await upload(book, phoneCards(UPLOAD_CARDS, UPLOAD_SEED));

  return {
    server,
    cards,
    firstUploadMs: Math.round(firstUploadMs),
    firstUploadPutMedianMs: round(quantile(times, 0.5)),
    firstUploadPutP90Ms: round(quantile(times, 0.9)),
    firstSyncMs: Math.round(first.ms),
    firstSyncRequests: first.requests,
    firstSyncBytes: first.bytes,
    unchangedMs: round(unchanged.ms),
    unchangedRequests: unchanged.requests,
    upload: uploaded,
  };
}

/** The rows as a Markdown table. */
export function uploadedBookTable(rows: UploadedBookRow[]): string {
  return [
    '| server | cards | first upload, by PUT (per PUT median / p90) | first sync (requests), received | no change (requests) | upload of 100: per PUT (median / p90), total | first sync of the 100 uploaded |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.server} | ${r.cards} | ${(r.firstUploadMs / 1000).toFixed(2)} s (${r.firstUploadPutMedianMs} / ${r.firstUploadPutP90Ms} ms) | ${r.firstSyncMs} ms (${r.firstSyncRequests}), ${Math.round(r.firstSyncBytes / 1024)} KB | ${r.unchangedMs} ms (${r.unchangedRequests}) | ${uploadCells(r.upload)} |`,
    ),
  ].join('\n');
}
