import type { ImportColumnTarget, ImportedContact } from '@kith/validators';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { collect, type DateOrder, type ImportProblem, type ReadResult } from '../vcard/draft';
import {
  groupCardProblem,
  isGroupCard,
  readGroupCard,
  type IncomingGroup,
} from '../vcard/group-card';
import { propertyValue, unescapeText, unfoldedLines } from '../vcard/lines';
import { readVCardFile } from '../vcard/read';
import { cooperative } from '../shared/event-loop';
import {
  csvDraft,
  DateOrderTally,
  detectCsvLayout,
  unescapeFormula,
  type CsvLayout,
} from './csv-read';

/**
 * Reading a staged import file as a stream (docs/decisions/0020-imports-staged-and-run-as-jobs.md):
 * the file's text comes in parts, and its contacts go out a few hundred at a time, so a
 * 100 MB file is never held whole. The same readers serve the preview and the import job, so
 * both read a row the same way.
 */

/** Text handed to the CSV parser at a time, in characters: each is parsed in a few ms. */
const PARSE_SLICE = 16 * 1024;

/** Rows or cards read into contacts at a time. */
const ROWS_PER_CHUNK = 500;
const CARDS_PER_CHUNK = 200;
/** Characters of cards read at a time (cards with photos are large). */
const CARD_TEXT_PER_CHUNK = 2 * 1024 * 1024;

/** How a file's first part tells a vCard file from a CSV, as `previewImport` does. */
export function isVCardText(start: string): boolean {
  return /BEGIN:VCARD/i.test(start);
}

/** The parts of `text`, each at most `size` characters. */
async function* sliced(text: AsyncIterable<string>, size: number): AsyncGenerator<string> {
  for await (const part of text) {
    for (let at = 0; at < part.length; at += size) yield part.slice(at, at + size);
  }
}

/**
 * A CSV's rows (RFC 4180, as papaparse reads them, empty lines skipped), the header first,
 * parsed as the text arrives; the event loop turns between slices of text.
 */
async function* csvRecords(text: AsyncIterable<string>): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    skipEmptyLines: 'greedy',
    transform: unescapeFormula,
  }) as NodeJS.ReadWriteStream & AsyncIterable<string[]>;
  const source = Readable.from(sliced(text, PARSE_SLICE));
  source.on('error', (error) => (parser as unknown as Readable).destroy(error));
  source.pipe(parser);
  const pause = cooperative();
  for await (const record of parser) {
    await pause();
    yield record;
  }
}

/** A CSV's header row, layout and first three data rows (to show beside a mapping). */
export interface CsvHead {
  headers: string[];
  layout: CsvLayout;
  sample: string[][];
}

/** Reads a CSV's header and first rows only. */
export async function csvHead(text: AsyncIterable<string>): Promise<CsvHead> {
  let headers: string[] | null = null;
  const sample: string[][] = [];
  for await (const record of csvRecords(text)) {
    if (!headers) headers = record.map((h) => h.trim());
    else sample.push(record);
    if (sample.length >= 3) break;
  }
  headers ??= [];
  return { headers, layout: detectCsvLayout(headers), sample };
}

/** The CSV's data rows as drafts, `ROWS_PER_CHUNK` at a time, numbered as a spreadsheet does. */
async function* csvDrafts(text: AsyncIterable<string>, mapping: ImportColumnTarget[]) {
  let head: { headers: string[]; layout: CsvLayout } | null = null;
  let row = 1;
  let drafts: ReturnType<typeof csvDraft>[] = [];
  for await (const record of csvRecords(text)) {
    if (!head) {
      const headers = record.map((h) => h.trim());
      head = { headers, layout: detectCsvLayout(headers) };
      continue;
    }
    row += 1;
    drafts.push(csvDraft(row, head.headers, head.layout, mapping, record));
    if (drafts.length >= ROWS_PER_CHUNK) {
      yield drafts;
      drafts = [];
    }
  }
  if (drafts.length > 0) yield drafts;
}

/**
 * How the whole birthday column writes its `a/b/yyyy` dates (`dateOrderOf`): read before the
 * rows, since every row is read in the order the column shows.
 */
export async function csvDateOrder(
  text: AsyncIterable<string>,
  mapping: ImportColumnTarget[],
): Promise<DateOrder | 'ambiguous' | null> {
  const tally = new DateOrderTally();
  for await (const drafts of csvDrafts(text, mapping)) {
    for (const draft of drafts) tally.add(draft.birthday);
  }
  return tally.order;
}

/**
 * The contacts of a CSV and the problems of its rows, a chunk of rows at a time, each row read
 * by the file's layout (or `mapping`) with its birthdays in `order`.
 */
export async function* csvContacts(
  text: AsyncIterable<string>,
  mapping: ImportColumnTarget[],
  order: DateOrder,
): AsyncGenerator<FileChunk> {
  const pause = cooperative();
  for await (const drafts of csvDrafts(text, mapping)) {
    const result: ReadResult = { contacts: [], problems: [] };
    for (const draft of drafts) {
      await pause();
      collect(result, draft, order);
    }
    yield { ...result, uids: new Map() };
  }
}

/** Contacts read from a part of a file, with their problems; a card's contact with its UID. */
export interface FileChunk extends ReadResult {
  uids: Map<ImportedContact, string>;
}

/** A group card of a vCard file (a label), with its position in the file. */
export interface FileGroup {
  row: number;
  group: IncomingGroup;
}

/**
 * The cards of a vCard file as the text arrives, as `readVCardFile` finds them (from a
 * `BEGIN:VCARD` to the next `END:VCARD` with its line ending), each with its position from 1;
 * the text of a card with no `END:VCARD`, to the end of the file, comes last with `unended`.
 */
async function* vcardCards(
  text: AsyncIterable<string>,
): AsyncGenerator<{ row: number; card: string; unended?: boolean }> {
  const begin = /BEGIN:VCARD/gi;
  const end = /END:VCARD/gi;
  let buffer = '';
  let row = 0;
  const take = function* (final: boolean) {
    let consumed = 0;
    for (;;) {
      begin.lastIndex = consumed;
      const start = begin.exec(buffer);
      if (!start) {
        // Nothing but text between cards: kept only as far as a BEGIN might be cut in two.
        consumed = Math.max(consumed, buffer.length - 16);
        break;
      }
      end.lastIndex = begin.lastIndex;
      const stop = end.exec(buffer);
      // The line ending after END:VCARD may be in the next part (an iPhone's CR CR LF).
      if (!stop || (!final && end.lastIndex + 8 > buffer.length)) {
        consumed = start.index;
        if (final) {
          row += 1;
          yield { row, card: buffer.slice(start.index), unended: true };
          consumed = buffer.length;
        }
        break;
      }
      const ending = /^(?:\r*\n|\r)?/.exec(buffer.slice(end.lastIndex, end.lastIndex + 8))![0];
      row += 1;
      yield { row, card: buffer.slice(start.index, end.lastIndex + ending.length) };
      consumed = end.lastIndex + ending.length;
    }
    buffer = buffer.slice(Math.max(0, consumed));
  };
  for await (const part of text) {
    buffer += part;
    yield* take(false);
  }
  yield* take(true);
}

/** A card's UID (RFC 6350 §6.7.6), escapes undone, or undefined. */
function cardUid(card: string): string | undefined {
  return unescapeText(propertyValue(unfoldedLines(card), 'UID')?.trim() ?? '') || undefined;
}

/**
 * The contacts of a vCard file and the problems of its cards, a chunk of cards at a time, each
 * read by `readVCardFile` (so a card reads as it does in a file of its own), numbered by its
 * position in the whole file. Group cards (labels) are not contacts: each is handed to
 * `onGroup` (with its problem, if it has one, among the chunk's problems), and the members'
 * labels are given by the caller, since a group may come before or after its members.
 */
export async function* vcardContacts(
  text: AsyncIterable<string>,
  onGroup: (group: FileGroup) => void,
): AsyncGenerator<FileChunk> {
  let cards: { row: number; card: string }[] = [];
  let size = 0;
  let groupProblems: ImportProblem[] = [];
  const read = async (): Promise<FileChunk> => {
    const result = await readVCardFile(cards.map((c) => c.card).join(''));
    const uids = new Map<ImportedContact, string>();
    const pause = cooperative();
    for (const contact of result.contacts) {
      await pause();
      const card = cards[contact.row - 1]!;
      const uid = cardUid(card.card);
      if (uid) uids.set(contact, uid);
      contact.row = card.row;
    }
    for (const problem of result.problems) problem.row = cards[problem.row - 1]?.row ?? problem.row;
    const chunk = {
      contacts: result.contacts,
      problems: [...groupProblems, ...result.problems],
      uids,
    };
    cards = [];
    size = 0;
    groupProblems = [];
    return chunk;
  };
  for await (const { row, card, unended } of vcardCards(text)) {
    if (!unended && isGroupCard(card)) {
      const group = readGroupCard(card, '');
      const problem = groupCardProblem(group);
      if (problem) groupProblems.push({ row, name: '', severity: 'error', message: problem });
      else onGroup({ row, group });
      continue;
    }
    cards.push({ row, card });
    size += card.length;
    if (cards.length >= CARDS_PER_CHUNK || size >= CARD_TEXT_PER_CHUNK) yield await read();
  }
  if (cards.length > 0 || groupProblems.length > 0) yield await read();
}

/**
 * Gives each group's name, as a label, to the contact whose card has a UID the group lists
 * (`urn:uuid:` or bare); answers how many contacts were labelled.
 */
export function labelMembers(
  chunk: FileChunk,
  groups: { name: string; members: Set<string> }[],
): void {
  if (groups.length === 0) return;
  for (const [contact, uid] of chunk.uids) {
    for (const group of groups) {
      if (!group.members.has(uid) && !group.members.has(uid.replace(/^urn:uuid:/i, ''))) continue;
      if (!contact.labels.some((l) => l.toLowerCase() === group.name.toLowerCase())) {
        contact.labels.push(group.name);
      }
    }
  }
}

/** A group's members by bare UID and with `urn:uuid:`, as `labelMembers` looks them up. */
export function memberSet(members: string[]): Set<string> {
  const set = new Set<string>();
  for (const member of members) {
    set.add(member);
    set.add(member.replace(/^urn:uuid:/i, ''));
  }
  return set;
}

/** The warning for a group some of whose members are not in the file, as `readVCardFile` words it. */
export function groupWarning(group: FileGroup, found: number): ImportProblem | null {
  const { name, members } = group.group;
  if (found >= members.length) return null;
  return {
    row: group.row,
    name,
    severity: 'warning',
    message:
      found === 0
        ? `The group “${name}” lists no contact of this file, so it makes no label.`
        : `The group “${name}” lists contacts that are not in this file (${members.length - found} of ${members.length}); the label is given to the others.`,
  };
}
