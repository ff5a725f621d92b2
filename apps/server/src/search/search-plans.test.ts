import { executeRows, schema } from '@kith/db';
import { searchQuery, shortQueryCandidates } from '@kith/api';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeUser } from '../test-support/test-caller';

// A search reads only the person's own contacts, through indexes that lead with the account
// (docs/decisions/0013-search-indexes-lead-with-the-account.md), however many rows other accounts
// hold. The plans are checked here, so a planner or index change that loses that is caught.
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await makeUser(t)).id;
  // The person's 300 contacts among 12,000 of 40 other accounts, with statistics, so the
  // planner weighs the table as it would a shared one.
  const others = await Promise.all(Array.from({ length: 40 }, () => makeUser(t)));
  const owners = [userId, ...others.map((u) => u.id)];
  await t.db.execute(sql`
    insert into ${schema.contacts} (user_id, given_name, family_name, emails, phones)
    select (${sql.raw(`array[${owners.map((id) => `'${id}'::uuid`).join(',')}]`)})[
             case when n <= 300 then 1 else 2 + n % 40 end],
           'Given' || n, 'Family' || md5(n::text),
           jsonb_build_array(jsonb_build_object('value', 'person' || n || '@example.com', 'type', '')),
           jsonb_build_array(jsonb_build_object('value', '+1 555 ' || lpad(n::text, 7, '0'), 'type', ''))
    from generate_series(1, 12300) as n`);
  await t.db.execute(sql`analyze ${schema.contacts}`);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** How a query's plan reads the contacts table: each index's name, or a sequential scan. */
async function contactReads(query: SQLWrapper): Promise<string[]> {
  return (await contactScans(query)).map((scan) => scan.read);
}

/**
 * Each read of the contacts table in a query's plan, with the index's condition; with
 * `analyze`, the query is run and `loops` says how often each read ran (0: never).
 */
async function contactScans(
  query: SQLWrapper,
  { analyze = false } = {},
): Promise<{ read: string; condition: string; loops: number }[]> {
  const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(
    t.db,
    sql`explain (format json${sql.raw(analyze ? ', analyze' : '')}) ${query.getSQL()}` as SQL,
  );
  const reads: { read: string; condition: string; loops: number }[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const loops = Number(record['Actual Loops'] ?? 1);
    if (record['Relation Name'] === 'contacts' && record['Node Type'] === 'Seq Scan') {
      reads.push({ read: 'Seq Scan', condition: '', loops });
    }
    if (typeof record['Index Name'] === 'string' && record['Index Name'].startsWith('contacts_')) {
      reads.push({
        read: record['Index Name'],
        condition: String(record['Index Cond'] ?? ''),
        loops,
      });
    }
    for (const value of Object.values(record)) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  const plan = row!['QUERY PLAN'];
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return reads;
}

/** The first key column of each of the contacts table's indexes. */
async function leadingColumns(): Promise<Map<string, string>> {
  const rows = await executeRows<{ index: string; column: string }>(
    t.db,
    sql`select i.relname as index, a.attname as column
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]
        where x.indrelid = 'contacts'::regclass`,
  );
  return new Map(rows.map((r) => [r.index, r.column]));
}

describe('search plans (EXPLAIN)', () => {
  it.each([
    ['a name of three letters or more', 'person123'],
    ['phone digits', '000 0123'],
    ['a word no contact holds', 'zzqx'],
    ['one letter', 'g'],
    ['two letters', 'fa'],
    ['one digit', '5'],
  ])('reads %s only through indexes that lead with the account', async (_, text) => {
    const reads = await contactReads(searchQuery(userId, text));
    const leading = await leadingColumns();
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(`${read}: ${leading.get(read)}`).toBe(`${read}: user_id`);
  });

  it.each(['g', 'gi', 'given12'])(
    'reads the names that start with %j as one range of one of the account’s name indexes',
    async (text) => {
      // On PostgreSQL the byte-ordered index; PGlite's database collation is already C, so
      // its name index holds the same order and the planner may take either.
      const ranges = (await contactScans(searchQuery(userId, text))).filter((scan) =>
        /sort_name.* >= .*sort_name.* < /.test(scan.condition),
      );
      expect(ranges).toHaveLength(1);
      expect(ranges[0]!.read).toMatch(/^contacts_user_active_name(_prefix)?_idx$/);
      expect(ranges[0]!.condition).toMatch(/^\(*user_id = /);
    },
  );

  it('stops after the name prefixes when they fill the results: the other parts never run', async () => {
    // 111 of the person's names start with "given1" (Given1, Given10.., Given100..).
    const runs = await contactScans(searchQuery(userId, 'given1'), { analyze: true });
    const ran = runs.filter((scan) => scan.loops > 0).map((scan) => scan.read);
    expect(ran).toEqual([expect.stringMatching(/^contacts_user_active_name(_prefix)?_idx$/)]);
  });

  it('goes on to rank a rare query in the same statement, through the account’s own indexes', async () => {
    // One contact holds this text: the prefix part and the walk find nothing, so the ranked
    // part runs too (which index it takes for a 300-contact book is the planner's choice).
    const runs = await contactScans(searchQuery(userId, 'familyc4ca4238'), { analyze: true });
    const leading = await leadingColumns();
    const ran = runs.filter((scan) => scan.loops > 0).map((scan) => scan.read);
    expect(ran).toHaveLength(3);
    for (const read of ran) expect(`${read}: ${leading.get(read)}`).toBe(`${read}: user_id`);
  });

  it("reads a 1- or 2-letter query's candidates only through the person's own indexes", async () => {
    const leading = await leadingColumns();
    for (const text of ['g', 'fa', '5']) {
      const reads = await contactReads(sql`${shortQueryCandidates(userId, text)}`);
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(`${read}: ${leading.get(read)}`).toBe(`${read}: user_id`);
    }
  });

  it('has a per-account trigram index for names and for phone digits', async () => {
    const leading = await leadingColumns();
    expect(leading.get('contacts_user_search_text_trgm_idx')).toBe('user_id');
    expect(leading.get('contacts_user_phone_digits_trgm_idx')).toBe('user_id');
    expect([...leading.keys()].filter((name) => name.includes('trgm'))).toEqual(
      expect.not.arrayContaining([
        'contacts_search_text_trgm_idx',
        'contacts_phone_digits_trgm_idx',
      ]),
    );
  });
});
