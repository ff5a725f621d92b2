import { schema, type Database } from '@kith/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { callerFor, makeUser, type Caller } from '../test-support/test-caller';

// A batch bigger than one transaction of the embedded database (50 contacts,
// PGLITE_CONTACTS_PER_TRANSACTION) writes the same book, labels, revisions and history as one
// transaction did, and lets the server's other requests in between
// (docs/performance.md#import-pnpm-benchimport).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A Google CSV of `count` people, every other one labelled Odd, the others Even. */
function googleCsv(count: number, email = (i: number) => `person${i}@example.com`): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `Person${i},Batch,${email(i)},${i % 2 ? 'Odd' : 'Even'} ::: * myContacts`,
  );
  return ['First Name,Last Name,E-mail 1 - Value,Labels', ...rows].join('\n') + '\n';
}

/** A new account and its caller. */
async function signedIn() {
  const { id } = await makeUser(t);
  return { caller: await callerFor(t, id), userId: id };
}

async function importFile(caller: Caller, content: string) {
  const preview = await caller.imports.preview({ content });
  const importId = crypto.randomUUID();
  return { preview, importId };
}

async function book(caller: Caller) {
  return (await caller.contacts.list({ limit: null })).items;
}

describe('an import batch written in several transactions', () => {
  it('creates every contact with its labels, a revision of its own and one history entry', async () => {
    const { caller, userId } = await signedIn();
    const { preview, importId } = await importFile(caller, googleCsv(130));
    expect(await caller.imports.batch({ importId, create: preview.contacts })).toEqual({
      created: 130,
      updated: 0,
      photosFailed: 0,
    });
    const contacts = await book(caller);
    expect(contacts).toHaveLength(130);
    expect(new Set(contacts.flatMap((c) => c.emails.map((e) => e.value))).size).toBe(130);
    const labels = await caller.labels.list();
    expect(labels.map((l) => [l.name, l.count])).toEqual([
      ['Even', 65],
      ['Odd', 65],
    ]);

    // CardDAV: every contact has a revision of its own, as a sync token needs.
    const revisions = await t.db
      .select({ revision: schema.contacts.revision })
      .from(schema.contacts)
      .where(eq(schema.contacts.userId, userId));
    expect(new Set(revisions.map((r) => r.revision)).size).toBe(130);
    expect(revisions.every((r) => r.revision > 0)).toBe(true);

    // The history: one entry per contact, by the import.
    const versions = await historyOf(t.db, userId);
    expect(versions).toHaveLength(130);
    expect(new Set(versions.map((v) => v.contactId)).size).toBe(130);
    for (const v of versions) expect(v.source).toEqual({ via: 'import', importId });

    expect(await caller.imports.undo({ importId })).toEqual({ removed: 130, restored: 0 });
    expect(await book(caller)).toEqual([]);
    expect(await caller.labels.list()).toEqual([]);
  });

  it('updates contacts across transactions, keeps one backup each, and undo restores them', async () => {
    const { caller } = await signedIn();
    const first = await importFile(caller, googleCsv(70));
    await caller.imports.batch({ importId: first.importId, create: first.preview.contacts });
    const before = await book(caller);

    // The same people with a second address each, matched as duplicates by name order.
    const second = await importFile(
      caller,
      googleCsv(70, (i) => `person${i}@work.example`),
    );
    const byRow = new Map(second.preview.contacts.map((c) => [c.givenName, c]));
    const update = before.map((contact) => ({
      contactId: contact.id,
      contact: byRow.get(contact.givenName)!,
    }));
    expect(await caller.imports.batch({ importId: second.importId, update })).toEqual({
      created: 0,
      updated: 70,
      photosFailed: 0,
    });
    for (const contact of await book(caller)) {
      expect(contact.emails.map((e) => e.value)).toEqual([
        `${contact.givenName.toLowerCase()}@work.example`,
        `${contact.givenName.toLowerCase()}@example.com`,
      ]);
    }

    expect(await caller.imports.undo({ importId: second.importId })).toEqual({
      removed: 0,
      restored: 70,
    });
    expect(await book(caller)).toEqual(before);
  });

  it('lets /api/health answer while it writes: a request made mid-import answers first', async () => {
    const { caller } = await signedIn();
    const { preview, importId } = await importFile(caller, googleCsv(500));
    // Marks the moment the import's first transaction holds the database.
    const transaction = t.db.transaction.bind(t.db);
    let writing!: () => void;
    const begun = new Promise<void>((resolve) => (writing = resolve));
    t.db.transaction = ((fn, config) =>
      transaction(async (tx) => {
        writing();
        return fn(tx);
      }, config)) as Database['transaction'];
    const finished: string[] = [];
    try {
      const importing = caller.imports
        .batch({ importId, create: preview.contacts })
        .then(() => finished.push('import'));
      await begun;
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      finished.push('health');
      expect(health.statusCode).toBe(200);
      await importing;
    } finally {
      t.db.transaction = transaction;
    }
    expect(finished).toEqual(['health', 'import']);
    expect(await book(caller)).toHaveLength(500);
  });
});

describe('a batch of rows from a vCard and from a CSV', () => {
  it('creates both, the card kept with the one that came with it', async () => {
    const { caller, userId } = await signedIn();
    const fromCsv = await importFile(caller, googleCsv(1));
    const fromCard = await caller.imports.preview({
      content: 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Cy Card\r\nN:Card;Cy;;;\r\nEND:VCARD\r\n',
    });
    expect(fromCard.contacts[0]!.card).toBeTruthy();
    const created = await caller.imports.batch({
      importId: fromCsv.importId,
      create: [fromCard.contacts[0]!, fromCsv.preview.contacts[0]!],
    });
    expect(created).toMatchObject({ created: 2 });
    const rows = await t.db
      .select({ givenName: schema.contacts.givenName, card: schema.contacts.card })
      .from(schema.contacts)
      .where(eq(schema.contacts.userId, userId))
      .orderBy(asc(schema.contacts.givenName));
    expect(rows.map((r) => [r.givenName, r.card === null])).toEqual([
      ['Cy', false],
      ['Person0', true],
    ]);
  });
});

describe('text the database cannot take as it came', () => {
  it('stores half a surrogate pair as U+FFFD, in a name and in an email, instead of refusing the batch', async () => {
    const { caller } = await signedIn();
    const { preview, importId } = await importFile(caller, googleCsv(2));
    const [first, second] = preview.contacts;
    const broken = {
      ...first!,
      givenName: 'Ada\uD800',
      emails: [{ value: 'ada\uDC00@example.com', type: '' }],
    };
    expect(await caller.imports.batch({ importId, create: [broken, second!] })).toMatchObject({
      created: 2,
    });
    const stored = (await book(caller)).find((c) => c.givenName.startsWith('Ada'));
    expect(stored?.givenName).toBe('Ada\uFFFD');
    expect(stored?.emails.map((e) => e.value)).toEqual(['ada\uFFFD@example.com']);
  });
});

async function historyOf(db: Database, userId: string) {
  return db
    .select({
      contactId: schema.contactVersions.contactId,
      source: schema.contactVersions.source,
    })
    .from(schema.contactVersions)
    .where(eq(schema.contactVersions.userId, userId))
    .orderBy(asc(schema.contactVersions.recordedAt));
}
