/**
 * The search of the round before the one-statement search (docs/performance.md#search-at-scale),
 * kept for `BENCH_SEARCH_COMPARE=1` to measure against: names that start with the query, then
 * the other matches among the account's first 1,000 names, then the ranked trigram matches,
 * each step a round trip of its own, the next sent only when the one before found too few.
 * A copy of `packages/api/src/search/search.service.ts` as it was, not used by the product.
 */
import { schema, type Database } from '@kith/db';
import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';

const { contacts, images } = schema;
const SEARCH_LIMIT = 20;
const TRIGRAM = 3;
const SHORT_QUERY_CANDIDATES = 200;
const WALKED_NAMES = 1_000;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A query made only of phone characters is also matched against phone digits. */
const PHONE_QUERY = /^[\d\s+\-().]+$/;

/** The highest code point: `prefix || U+10FFFF` sorts after every text that starts with `prefix` (byte order). */
const LAST_CHARACTER = '\u{10FFFF}';

/**
 * The stages of one search, each a query a test can EXPLAIN:
 * - `name-prefix`: names that start with the query, read in byte order from
 *   `contacts_user_active_name_prefix_idx` and stopped at the limit;
 * - `name-order`: the other matches among the account's first `WALKED_NAMES` names, in name
 *   order, read through the account's name index;
 * - `ranked`: every other match, found through the per-account trigram indexes and ranked.
 */
type SearchStage = 'name-prefix' | 'ranked' | 'name-order';

/** The conditions and ranking of one search: what matches, and what comes first. */
function searchTerms(userId: string, text: string) {
  const escaped = escapeLike(text);
  const digits = PHONE_QUERY.test(text) ? text.replace(/\D/g, '') : '';
  const textPattern = sql`kith_fold(${`%${escaped}%`})`;
  const phonePattern = `%${digits}%`;
  // Each phone's digits follow a comma (see the column), so this is a prefix of any phone.
  const phonePrefix = digits
    ? sql`(',' || ${contacts.phoneDigits}) like ${`%,${digits}%`}`
    : sql`false`;
  const wordPrefix = sql`(' ' || ${contacts.searchText}) like kith_fold(${`% ${escaped}%`}) escape '\\'`;
  const active = and(eq(contacts.userId, userId), isNull(contacts.trashedAt));
  return {
    active,
    /** Matches the trigram indexes can find. */
    matches: or(
      sql`${contacts.searchText} like ${textPattern} escape '\\'`,
      digits ? sql`${contacts.phoneDigits} like ${phonePattern}` : undefined,
    ),
    namePrefix: sql`${contacts.sortName} collate "C" like kith_fold(${`${escaped}%`}) escape '\\'`,
    /** The byte range of names that start with the query, so the btree reads only those. */
    namePrefixRange: sql`${contacts.sortName} collate "C" >= kith_fold(${text}) and ${contacts.sortName} collate "C" < kith_fold(${text}) || ${LAST_CHARACTER}`,
    rank: sql<number>`case when ${phonePrefix} then 0 when ${wordPrefix} then 1 else 2 end`,
  };
}

const summaryColumns = {
  id: contacts.id,
  givenName: contacts.givenName,
  familyName: contacts.familyName,
  email: contacts.email,
  photoKey: images.storageKey,
};

/**
 * One stage of the search of `text` (trimmed, not empty) for up to `limit` results; with
 * `ids`, the `ranked` stage looks only among those contacts. Exported so a test can EXPLAIN
 * each stage.
 */
function searchQuery(
  db: Database,
  userId: string,
  text: string,
  stage: SearchStage,
  limit = SEARCH_LIMIT,
  ids?: string[],
) {
  const terms = searchTerms(userId, text);
  if (stage === 'name-prefix') {
    return db
      .select(summaryColumns)
      .from(contacts)
      .leftJoin(images, eq(contacts.photoImageId, images.id))
      .where(and(terms.active, terms.namePrefixRange, terms.namePrefix))
      .orderBy(sql`${contacts.sortName} collate "C"`, asc(contacts.id))
      .limit(limit);
  }
  if (stage === 'name-order') {
    // Named as the table, so the terms' columns read the first names' columns.
    const first = db
      .select({
        id: contacts.id,
        givenName: contacts.givenName,
        familyName: contacts.familyName,
        email: contacts.email,
        photoImageId: contacts.photoImageId,
        sortName: contacts.sortName,
        searchText: contacts.searchText,
        phoneDigits: contacts.phoneDigits,
      })
      .from(contacts)
      .where(terms.active)
      .orderBy(asc(contacts.sortName), asc(contacts.id))
      .limit(WALKED_NAMES)
      .as('contacts');
    return db
      .select({
        id: first.id,
        givenName: first.givenName,
        familyName: first.familyName,
        email: first.email,
        photoKey: images.storageKey,
      })
      .from(first)
      .leftJoin(images, eq(first.photoImageId, images.id))
      .where(and(terms.matches, not(terms.namePrefix)))
      .orderBy(asc(first.sortName), asc(first.id))
      .limit(limit);
  }
  return db
    .select(summaryColumns)
    .from(contacts)
    .leftJoin(images, eq(contacts.photoImageId, images.id))
    .where(
      and(
        terms.active,
        terms.matches,
        not(terms.namePrefix),
        ids ? inArray(contacts.id, ids) : undefined,
      ),
    )
    .orderBy(terms.rank, asc(contacts.sortName), asc(contacts.id))
    .limit(limit);
}

/**
 * The first `SHORT_QUERY_CANDIDATES` matches of a one- or two-character query in name order:
 * such a query has no trigram to look up, so the person's contacts are walked through their
 * own name index, and the cost is bounded by the book, not the table. Exported so a
 * test can EXPLAIN it.
 */
function shortQueryCandidates(db: Database, userId: string, text: string) {
  const { active, matches } = searchTerms(userId, text);
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(active, matches))
    .orderBy(asc(contacts.sortName), asc(contacts.id))
    .limit(SHORT_QUERY_CANDIDATES);
}

/** The matches after the name prefixes, best first, at most `limit` of them. */
async function otherMatches(db: Database, userId: string, text: string, limit: number) {
  if (text.length < TRIGRAM) {
    const ids = (await shortQueryCandidates(db, userId, text)).map((c) => c.id);
    return ids.length ? searchQuery(db, userId, text, 'ranked', limit, ids) : [];
  }
  const walked = await searchQuery(db, userId, text, 'name-order', limit);
  if (walked.length === limit) return walked;
  return searchQuery(db, userId, text, 'ranked', limit);
}

/** The three-step search's rows for `query` in the account of `userId`, best first. */
export async function searchThreeSteps(db: Database, userId: string, query: string) {
  const text = query.trim();
  if (!text) return [];
  const rows = await searchQuery(db, userId, text, 'name-prefix');
  if (rows.length < SEARCH_LIMIT) {
    rows.push(...(await otherMatches(db, userId, text, SEARCH_LIMIT - rows.length)));
  }
  return rows;
}
