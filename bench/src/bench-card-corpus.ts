/**
 * `pnpm bench:cards`: does a card come back as it was sent? Every vCard 3.0 and 4.0 card of
 * the corpus (apps/server/test-fixtures/vcards, `@kith/server/card-corpus`) is PUT over
 * CardDAV to the real app and read back with GET (asking for the version it was sent in),
 * on PGlite and (with `TEST_DATABASE_URL` or `BENCH_DATABASE_URL`) PostgreSQL. vCard 2.1
 * cards are counted, not sent: CardDAV refuses them (RFC 6352 §6.3.2.1).
 *
 * Prints a table a project: cards, accepted (2xx), identical bytes, identical after
 * unfolding and one line ending, properties changed (a property is changed when the lines of
 * its group and name differ, comparing the unfolded content lines, PRODID and REV aside),
 * lines lost and added. Writes bench/card-corpus-results.json with, for every card not
 * identical, its status and the lines lost and added. A measurement: it never fails because
 * cards differ.
 */
import { writeFileSync } from 'node:fs';
import { createAppPassword } from '@kith/api';
import { corpusCards, decode, unfoldLines, type CorpusCard } from '@kith/server/card-corpus';
import { startBenchApp } from './bench-app';
import { openDatabase } from './databases';
import { seedAccount } from './seed';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** What became of one card sent and read back. */
interface CardOutcome {
  id: string;
  version: string;
  /** The PUT's status. */
  put: number;
  /** The refusal's message (a DAV:error body), when not accepted. */
  refusal?: string;
  /** The GET's status, when the PUT was accepted. */
  get?: number;
  identicalBytes: boolean;
  identicalUnfolded: boolean;
  /** Group-and-name keys of the properties whose lines differ. */
  propertiesChanged: string[];
  /** Unfolded lines sent and not read back (PRODID and REV aside). */
  lost: string[];
  /** Unfolded lines read back and not sent (PRODID and REV aside). */
  added: string[];
}

/** One row of the table: a project's cards on one database. */
interface ProjectRow {
  database: string;
  project: string;
  cards: number;
  /** vCard 2.1 cards, not sent. */
  notSent: number;
  sent: number;
  accepted: number;
  identicalBytes: number;
  identicalUnfolded: number;
  propertiesChanged: number;
  linesLost: number;
  linesAdded: number;
}

const IGNORED = /^(?:[A-Za-z0-9-]+\.)?(?:PRODID|REV)[;:]/i;

/** The property's group and name of an unfolded content line, upper-cased: `ITEM1.EMAIL`. */
function keyOf(line: string): string {
  return (/^[^;:]*/.exec(line)?.[0] ?? line).toUpperCase();
}

/** Lines of `a` not matched one for one in `b` (a multiset difference). */
function missingFrom(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const line of b) left.set(line, (left.get(line) ?? 0) + 1);
  return a.filter((line) => {
    const n = left.get(line) ?? 0;
    if (n === 0) return true;
    left.set(line, n - 1);
    return false;
  });
}

/** Compares the card sent with the text read back. */
function compareCard(
  card: CorpusCard,
  back: Buffer,
): Pick<
  CardOutcome,
  'identicalBytes' | 'identicalUnfolded' | 'propertiesChanged' | 'lost' | 'added'
> {
  const sentLines = unfoldLines(card.text);
  const backLines = unfoldLines(decode(back, 'utf-8'));
  const sent = sentLines.filter((line) => !IGNORED.test(line));
  const read = backLines.filter((line) => !IGNORED.test(line));
  const lost = missingFrom(sent, read);
  const added = missingFrom(read, sent);
  return {
    identicalBytes: card.bytes.equals(back),
    identicalUnfolded: sentLines.join('\n') === backLines.join('\n'),
    propertiesChanged: [...new Set([...lost, ...added].map(keyOf))].sort(),
    lost,
    added,
  };
}

/** A name for the card's resource: its id with anything but letters and digits as `-`. */
function resourceName(card: CorpusCard): string {
  return `${card.id.replace(/[^A-Za-z0-9]+/g, '-')}.vcf`;
}

/** PUTs and GETs every 3.0/4.0 card of `cards` on a running app; one outcome a card sent. */
async function sendCards(
  origin: string,
  book: string,
  authorization: string,
  cards: CorpusCard[],
): Promise<CardOutcome[]> {
  const outcomes: CardOutcome[] = [];
  for (const card of cards) {
    if (card.version !== '3.0' && card.version !== '4.0') continue;
    const url = new URL(`${book}${resourceName(card)}`, origin);
    const put = await fetch(url, {
      method: 'PUT',
      headers: {
        authorization,
        // Its own charset, as a client names it (a UTF-16 or windows-1252 card is served as
        // UTF-8: the same text, other bytes).
        'content-type': `text/vcard; charset=${card.encoding}`,
        'if-none-match': '*',
      },
      body: new Uint8Array(card.bytes),
    });
    const putText = await put.text();
    const outcome: CardOutcome = {
      id: card.id,
      version: card.version,
      put: put.status,
      identicalBytes: false,
      identicalUnfolded: false,
      propertiesChanged: [],
      lost: [],
      added: [],
    };
    if (!put.ok) {
      outcome.refusal = /<message[^>]*>([^<]*)<\/message>/.exec(putText)?.[1] ?? putText;
      outcomes.push(outcome);
      continue;
    }
    const get = await fetch(url, {
      headers: { authorization, accept: `text/vcard; version=${card.version}` },
    });
    outcome.get = get.status;
    const back = Buffer.from(await get.arrayBuffer());
    outcomes.push(get.ok ? { ...outcome, ...compareCard(card, back) } : outcome);
  }
  return outcomes;
}

/** Sums the outcomes a project. */
function projectRows(database: string, cards: CorpusCard[], outcomes: CardOutcome[]): ProjectRow[] {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const projects = [...new Set(cards.map((c) => c.project))];
  const rows = projects.map((project) => {
    const mine = cards.filter((c) => c.project === project);
    const sent = mine.map((c) => byId.get(c.id)).filter((o) => o !== undefined);
    const accepted = sent.filter((o) => o.put >= 200 && o.put < 300);
    return {
      database,
      project,
      cards: mine.length,
      notSent: mine.length - sent.length,
      sent: sent.length,
      accepted: accepted.length,
      identicalBytes: accepted.filter((o) => o.identicalBytes).length,
      identicalUnfolded: accepted.filter((o) => o.identicalUnfolded).length,
      propertiesChanged: accepted.reduce((n, o) => n + o.propertiesChanged.length, 0),
      linesLost: accepted.reduce((n, o) => n + o.lost.length, 0),
      linesAdded: accepted.reduce((n, o) => n + o.added.length, 0),
    };
  });
  const total = (key: keyof ProjectRow) => rows.reduce((n, row) => n + (row[key] as number), 0);
  return [
    ...rows,
    {
      database,
      project: 'all',
      cards: total('cards'),
      notSent: total('notSent'),
      sent: total('sent'),
      accepted: total('accepted'),
      identicalBytes: total('identicalBytes'),
      identicalUnfolded: total('identicalUnfolded'),
      propertiesChanged: total('propertiesChanged'),
      linesLost: total('linesLost'),
      linesAdded: total('linesAdded'),
    },
  ];
}

/** The rows as a Markdown table. */
function cardsTable(rows: ProjectRow[]): string {
  return [
    '| database | project | cards | 2.1 (not sent) | sent (3.0/4.0) | accepted (2xx) | identical bytes | identical unfolded | properties changed | lines lost | lines added |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.project} | ${r.cards} | ${r.notSent} | ${r.sent} | ${r.accepted} | ${r.identicalBytes} | ${r.identicalUnfolded} | ${r.propertiesChanged} | ${r.linesLost} | ${r.linesAdded} |`,
    ),
  ].join('\n');
}

const cards = corpusCards();
const rows: ProjectRow[] = [];
const differing: Record<string, CardOutcome[]> = {};
for (const kind of ['pglite', ...(adminUrl ? ['postgres' as const] : [])] as const) {
  const { handle, drop } = await openDatabase(kind);
  const { app, origin, keys } = await startBenchApp(handle);
  const email = `cards-${Date.now()}@example.com`;
  const userId = await seedAccount(handle.db, email, 0);
  const { password } = await createAppPassword(handle.db, keys, userId, 'bench');
  const authorization = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  const outcomes = await sendCards(
    origin,
    `/dav/addressbooks/${userId}/contacts/`,
    authorization,
    cards,
  );
  rows.push(...projectRows(kind, cards, outcomes));
  differing[kind] = outcomes.filter((o) => !o.identicalBytes);
  await app.close();
  await drop();
}
console.log(cardsTable(rows));
for (const [kind, outcomes] of Object.entries(differing)) {
  for (const o of outcomes.filter((o) => o.put < 200 || o.put >= 300)) {
    console.log(`[bench:cards] ${kind} ${o.id}: PUT ${o.put} ${o.refusal ?? ''}`);
  }
}
writeFileSync(
  new URL('../card-corpus-results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows, differing }, null, 2)}\n`,
);
process.exit(0);
