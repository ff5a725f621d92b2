import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, type DatabaseHandle } from './client';
import { contacts, feedback, users } from './schema';
import { createTestDb } from './testing';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

async function makeUser(email: string) {
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Test', email, passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('insert returned nothing');
  return user;
}

describe('createDb', () => {
  it('applies the migrations, with the search extensions', async () => {
    const rows = await executeRows<{ extname: string }>(
      handle.db,
      sql`select extname from pg_extension where extname in ('btree_gin', 'pg_trgm', 'unaccent') order by extname`,
    );
    const names = rows.map((r) => r.extname);
    expect(names).toEqual(['btree_gin', 'pg_trgm', 'unaccent']);
  });

  it('refuses a second account with the same email', async () => {
    await makeUser('same@example.com');
    await expect(makeUser('same@example.com')).rejects.toThrow();
  });

  it("folds case and accents into the searchable text, and keeps only the phones' digits", async () => {
    const user = await makeUser('fold@example.com');
    const [row] = await handle.db
      .insert(contacts)
      .values({
        userId: user.id,
        givenName: 'Zoë',
        familyName: 'Ångström',
        org: 'Café Müller',
        phones: [
          { value: '+44 (20) 7946-0018', type: 'cell' },
          { value: '555 0100', type: 'home' },
        ],
      })
      .returning();
    expect(row?.searchText).toContain('zoe angstrom');
    expect(row?.searchText).toContain('cafe muller');
    expect(row?.phoneDigits).toBe('442079460018,5550100');
    expect(row?.phone).toBe('+44 (20) 7946-0018');
  });

  it("removes a person's contacts and feedback with the account", async () => {
    const user = await makeUser('gone@example.com');
    await handle.db.insert(contacts).values({ userId: user.id, givenName: 'Kin' });
    await handle.db.insert(feedback).values({ userId: user.id, message: '' });
    await handle.db.delete(users).where(eq(users.id, user.id));
    expect(await handle.db.select().from(contacts).where(eq(contacts.userId, user.id))).toEqual([]);
    expect(await handle.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
  });

  it('gives every PostgreSQL statement a time limit', async () => {
    const [row] = await executeRows<{ statement_timeout: string }>(
      handle.db,
      sql`show statement_timeout`,
    );
    // PGlite's WebAssembly build has no timers to cancel a statement with; it runs in a
    // worker thread instead, so a long query never stops the server's event loop.
    if (handle.kind === 'postgres') expect(row?.statement_timeout).toBe('15s');
    else expect(row).toBeDefined();
  });

  it('leaves no connection inside a failed transaction when a text of statements fails', async () => {
    // pg-boss sends `BEGIN; ...; COMMIT` as one text: a statement that fails in it skips the
    // COMMIT, and the connection it ran on would refuse every later query of the app.
    await expect(handle.executeSql('BEGIN; SELECT 1; SELECT 1 / 0; COMMIT', [])).rejects.toThrow(
      /division by zero/,
    );
    // More queries at once than the pool has connections, so each connection answers one.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => handle.executeSql('SELECT 1 AS one', [])),
    );
    expect(answers.map((a) => a.rows)).toEqual(Array.from({ length: 8 }, () => [{ one: 1 }]));
  });

  it('runs PGlite off the calling thread: timers fire while a query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    await executeRows(handle.db, sql`select count(*) from generate_series(1, 2000000)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
