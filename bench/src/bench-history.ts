/**
 * `pnpm bench:history`: what the history costs (docs/history.md#cost), on PGlite and, with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL.
 * - Bytes per edit: one contact edited 100 times, each edit its own write transaction as the
 *   API makes it (book lock and source first), for three cards: one made in the web app (no
 *   stored vCard), one a phone sent (a typical 0.4 KB vCard, kept as sent) and one with a
 *   10 KB stored vCard. Reported: the average `pg_column_size` of a version row, and how much
 *   `contact_versions` grew on disk per edit (table, TOAST and indexes).
 * - Restore time: "Undo changes" (`history.undoChanges`, through the procedure) to a moment
 *   before an import of 1,000 contacts, which deletes them again; median of three.
 * - Write cost: an import of 1,000 contacts, their rewrite and their deletion, with the
 *   history's triggers on and off, interleaved; medians and their ratio.
 * Writes bench/history-results.json. Not part of `pnpm test`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCaller,
  createLocalImageStorage,
  createRateLimiter,
  deriveAuthKeys,
  startSession,
  withPhotoLinks,
  type Context,
} from '@kith/api';
import { schema, type Database, type DatabaseHandle } from '@kith/db';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openDatabase } from './databases';

const EDITS = 100;
const IMPORTED = 1_000;
const log = (line: string) => console.log(`[bench:history] ${line}`);

/** A vCard as a phone sends it: name, two numbers, an email, an address, work, a birthday. */
function phoneCard(uid: string, extra: string[] = []): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'PRODID:-//Apple Inc.//iPhone OS 18.1//EN',
    'N:Lovelace;Ada;Augusta;;',
    'FN:Ada Augusta Lovelace',
    'ORG:Analytical Engines Ltd;Research',
    'TITLE:Mathematician',
    'EMAIL;type=INTERNET;type=HOME;type=pref:ada@example.com',
    'TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0958',
    'TEL;type=WORK;type=VOICE:+44 20 7946 0000',
    'item1.ADR;type=HOME;type=pref:;;12 St James Square;London;;SW1Y 4JH;United Kingdom',
    'item1.X-ABADR:gb',
    'BDAY:1815-12-10',
    `UID:${uid}`,
    ...extra,
    'END:VCARD',
    '',
  ].join('\r\n');
}

/** A stored vCard of about 10 KB: the phone card with a long note of varied text. */
function bigCard(uid: string): string {
  const words = Array.from({ length: 1_400 }, () => randomBytes(3).toString('hex'));
  const note = `NOTE:${words.join(' ')}`;
  // Folded at 75 octets (RFC 6350 §3.2), as a phone writes it.
  const folded = note.match(/.{1,74}/g)!.join('\r\n ');
  return phoneCard(uid, [folded]);
}

/** A caller of the procedures as `userId`, as the web app's requests reach them. */
async function callerOf(database: DatabaseHandle, userId: string) {
  const keys = deriveAuthKeys(randomBytes(32).toString('hex'));
  const now = () => new Date();
  const uploads = join(mkdtempSync(join(tmpdir(), 'kith-bench-history-')), 'uploads');
  const deps = {
    db: database.db,
    dbKind: database.kind,
    publicUrl: 'http://localhost',
    keys,
    mailer: { send: async () => {} },
    images: withPhotoLinks(createLocalImageStorage(uploads), keys.photoLinks, now),
    now,
    sessionLiveness: null,
  };
  const client = { userAgent: 'bench', ipAddress: '127.0.0.1' };
  const tokens = await startSession(database.db, keys, userId, client, now());
  const req = {
    cookies: { access_token: tokens.accessToken },
    headers: { 'user-agent': client.userAgent, 'sec-fetch-site': 'same-origin' },
    ip: client.ipAddress,
  } as unknown as FastifyRequest;
  const reply = {
    setCookie: () => reply,
    clearCookie: () => reply,
    header: () => reply,
  } as unknown as FastifyReply;
  const rateLimiter = await createRateLimiter({ perIp: 1e9, perAccount: 1e9, windowMs: 60_000 });
  return createCaller({ ...deps, rateLimiter, req, reply } as Context);
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** `contact_versions` on disk: table, TOAST and indexes, in bytes. */
async function versionsOnDisk(db: Database): Promise<number> {
  const [row] = await rows<{ bytes: string }>(
    db,
    sql`select pg_total_relation_size('contact_versions')::text as bytes`,
  );
  return Number(row!.bytes);
}

/**
 * Edits the contact `EDITS` times (its note, then its title), each in a write transaction as
 * the API makes them; returns the average version row and the growth on disk per edit.
 */
async function bytesPerEdit(db: Database, userId: string, contactId: string) {
  const before = await versionsOnDisk(db);
  for (let i = 0; i < EDITS; i++) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(727100003, hashtext(${userId})), set_config('kith.change_source', '{"via":"web"}', true)`,
      );
      await tx
        .update(schema.contacts)
        .set(i % 2 ? { title: `Title ${i}` } : { note: `Edit ${i}: called about the meeting` })
        .where(sql`${schema.contacts.id} = ${contactId}`);
    });
  }
  const after = await versionsOnDisk(db);
  const [row] = await rows<{ versions: number; row_bytes: string; card_bytes: string }>(
    db,
    sql`select count(*)::int as versions, avg(pg_column_size(v.*))::int::text as row_bytes,
          avg(pg_column_size(v.card))::int::text as card_bytes
        from contact_versions v where v.contact_id = ${contactId} and v.card is not null`,
  );
  return {
    versions: row!.versions,
    rowBytes: Number(row!.row_bytes),
    cardBytes: Number(row!.card_bytes),
    diskBytesPerEdit: Math.round((after - before) / EDITS),
  };
}

/** The triggers that write the history (migration 0025). */
const HISTORY_TRIGGERS = [
  ['contacts', 'contacts_history_created'],
  ['contacts', 'contacts_history_changed'],
  ['contacts', 'contacts_history_deleted'],
  ['contact_labels', 'contact_labels_history'],
  ['labels', 'labels_history_created'],
  ['labels', 'labels_history_changed'],
] as const;

async function setHistory(db: Database, on: boolean) {
  for (const [table, trigger] of HISTORY_TRIGGERS) {
    await db.execute(
      sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${trigger}`),
    );
  }
}

/**
 * What the history adds to bulk writes: an import of 1,000 contacts, a rewrite of all of them
 * in one statement, and their deletion for good, each timed with the history's triggers on
 * and off, interleaved, three rounds; medians in ms and their ratio (on / off).
 */
async function writeCost(
  db: Database,
  caller: Awaited<ReturnType<typeof callerOf>>,
  userId: string,
) {
  const phases = ['import', 'rewrite', 'delete'] as const;
  const times = {
    on: { import: [], rewrite: [], delete: [] },
    off: { import: [], rewrite: [], delete: [] },
  } as Record<'on' | 'off', Record<(typeof phases)[number], number[]>>;
  const inBook = (statement: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(727100003, hashtext(${userId})), set_config('kith.change_source', '{"via":"api"}', true)`,
      );
      await tx.execute(statement);
    });
  for (let round = 0; round < 3; round++) {
    for (const mode of ['on', 'off'] as const) {
      await setHistory(db, mode === 'on');
      const csv = Array.from(
        { length: IMPORTED },
        (_, i) => `Writer${i},Cost,w${round}-${mode}-${i}@example.com`,
      );
      const { contacts: people } = await caller.imports.preview({
        content: `First Name,Last Name,E-mail 1 - Value\n${csv.join('\n')}\n`,
      });
      const importId = crypto.randomUUID();
      let started = performance.now();
      for (let i = 0; i < IMPORTED; i += 500) {
        await caller.imports.batch({ importId, create: people.slice(i, i + 500) });
      }
      times[mode].import.push(performance.now() - started);
      started = performance.now();
      await inBook(
        sql`update contacts set given_name = given_name || '!' where user_id = ${userId} and family_name = 'Cost'`,
      );
      times[mode].rewrite.push(performance.now() - started);
      started = performance.now();
      await inBook(sql`delete from contacts where user_id = ${userId} and family_name = 'Cost'`);
      times[mode].delete.push(performance.now() - started);
    }
  }
  await setHistory(db, true);
  const median = (values: number[]) => Math.round(values.sort((a, b) => a - b)[1]!);
  return Object.fromEntries(
    phases.map((phase) => {
      const on = median(times.on[phase]);
      const off = median(times.off[phase]);
      return [phase, { historyMs: on, withoutMs: off, ratio: Math.round((on / off) * 100) / 100 }];
    }),
  );
}

async function measure(kind: 'pglite' | 'postgres') {
  const { handle, drop } = await openDatabase(kind);
  try {
    const db = handle.db;
    const [user] = await db
      .insert(schema.users)
      .values({
        name: 'Bench',
        email: `history-${randomBytes(4).toString('hex')}@example.com`,
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const userId = user!.id;
    const caller = await callerOf(handle, userId);

    const web = await caller.contacts.create({
      givenName: 'Ada',
      familyName: 'Lovelace',
      phones: [
        { value: '+44 20 7946 0958', type: 'cell' },
        { value: '+44 20 7946 0000', type: 'work' },
      ],
      emails: [{ value: 'ada@example.com', type: 'home' }],
      org: 'Analytical Engines Ltd',
      title: 'Mathematician',
    });
    const cards: Record<string, string> = {};
    for (const [name, text] of [
      ['phone', phoneCard('bench-phone')],
      ['big', bigCard('bench-big')],
    ] as const) {
      const [row] = await db
        .insert(schema.contacts)
        .values({ userId, givenName: 'Ada', familyName: 'Lovelace', card: text })
        .returning({ id: schema.contacts.id });
      cards[name] = row!.id;
    }
    const result = {
      webCard: await bytesPerEdit(db, userId, web.id),
      phoneCard: {
        storedVcardBytes: Buffer.byteLength(phoneCard('bench-phone')),
        ...(await bytesPerEdit(db, userId, cards.phone!)),
      },
      bigCard: {
        storedVcardBytes: Buffer.byteLength(bigCard('bench-big')),
        ...(await bytesPerEdit(db, userId, cards.big!)),
      },
      undoImportMs: 0,
      undoRewriteMs: 0,
    };

    // "Undo changes" to before an import of 1,000 contacts: median of three.
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const at = new Date();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const importId = crypto.randomUUID();
      const csv = Array.from(
        { length: IMPORTED },
        (_, i) => `Person${i},Imported,p${run}-${i}@example.com`,
      );
      const { contacts: people } = await caller.imports.preview({
        content: `First Name,Last Name,E-mail 1 - Value\n${csv.join('\n')}\n`,
      });
      for (let i = 0; i < IMPORTED; i += 500) {
        await caller.imports.batch({ importId, create: people.slice(i, i + 500) });
      }
      const started = performance.now();
      const done = await caller.history.undoChanges({ at });
      times.push(performance.now() - started);
      if (done.removed !== IMPORTED) throw new Error(`removed ${done.removed}, not ${IMPORTED}`);
    }
    result.undoImportMs = Math.round(times.sort((a, b) => a - b)[1]!);

    // "Undo changes" to before a rewrite of 1,000 contacts (a phone renaming every card, each
    // with a label): every one is written back with its labels. Median of three.
    const csv = Array.from({ length: IMPORTED }, (_, i) => `Person${i},Kept,k${i}@example.com`);
    const { contacts: people } = await caller.imports.preview({
      content: `First Name,Last Name,E-mail 1 - Value\n${csv.join('\n')}\n`,
    });
    const importId = crypto.randomUUID();
    for (let i = 0; i < IMPORTED; i += 500) {
      await caller.imports.batch({ importId, create: people.slice(i, i + 500) });
    }
    const kept = await rows<{ id: string }>(
      db,
      sql`select id from contacts where user_id = ${userId} and family_name = 'Kept'`,
    );
    const label = await caller.labels.create({ name: 'Friends' });
    await caller.labels.assign({ labelId: label.id, contactIds: kept.map((k) => k.id) });
    const rewrites: number[] = [];
    for (let run = 0; run < 3; run++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const at = new Date();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(727100003, hashtext(${userId})), set_config('kith.change_source', '{"via":"api"}', true)`,
        );
        await tx.execute(
          sql`update contacts set given_name = 'Mangled' where user_id = ${userId} and family_name = 'Kept'`,
        );
      });
      const started = performance.now();
      const done = await caller.history.undoChanges({ at });
      rewrites.push(performance.now() - started);
      if (done.changed !== IMPORTED) throw new Error(`changed ${done.changed}, not ${IMPORTED}`);
    }
    result.undoRewriteMs = Math.round(rewrites.sort((a, b) => a - b)[1]!);
    return { ...result, writes: await writeCost(db, caller, userId) };
  } finally {
    await drop();
  }
}

const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
const results: Record<string, unknown> = {
  machine: { cpus: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30) },
  edits: EDITS,
};
for (const kind of kinds) {
  log(`${kind}: ${EDITS} edits of three cards, then undo of a ${IMPORTED}-contact import`);
  results[kind] = await measure(kind);
  log(JSON.stringify(results[kind]));
}
writeFileSync(
  new URL('../history-results.json', import.meta.url),
  JSON.stringify(results, null, 2),
);
