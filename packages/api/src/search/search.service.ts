import { schema, type Database } from '@kith/db';
import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import type { ContactSummary } from '../contacts';
import { combinedName } from '@kith/validators';

const { contacts, images } = schema;

/** Search results fit a dropdown: at most 20 (docs/product/states.md#forms). */
export const SEARCH_LIMIT = 20;

/** Queries shorter than a trigram cannot use the trigram indexes. */
const TRIGRAM = 3;

/** How many name-ordered matches of a one- or two-character query are ranked. */
export const SHORT_QUERY_CANDIDATES = 200;

/**
 * Past this many matches (name prefixes aside), a query is common enough that walking the
 * account's names in order finds the first few sooner than ranking every match: at 1,000
 * matches in 100,000 contacts the walk reads about 2,000 rows for 20 results, and ranking
 * 1,000 rows costs about as much (docs/performance.md#search-at-scale).
 */
export const MANY_MATCHES = 1_000;

/** A query made only of phone characters is also matched against phone digits. */
const PHONE_QUERY = /^[\d\s+\-().]+$/;

/** The highest code point: `prefix || U+10FFFF` sorts after every text that starts with `prefix` (byte order). */
const LAST_CHARACTER = '\u{10FFFF}';

/**
 * The stages of one search, each a query a test can EXPLAIN:
 * - `name-prefix`: names that start with the query, read in byte order from
 *   `contacts_user_active_name_prefix_idx` and stopped at the limit;
 * - `ranked`: every other match (at most `MANY_MATCHES + 1` of them, counted in `total`)
 *   found through the per-account trigram indexes, ranked;
 * - `name-order`: every other match in name order, read through the account's name index and
 *   stopped at the limit, for queries that match more than `MANY_MATCHES`.
 */
export type SearchStage = 'name-prefix' | 'ranked' | 'name-order';

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
    /** The same matches, written so no trigram index can serve them (the walk's filter). */
    matchesByFilter: or(
      sql`(${contacts.searchText} || '') like ${textPattern} escape '\\'`,
      digits ? sql`(${contacts.phoneDigits} || '') like ${phonePattern}` : undefined,
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
 * each stage. Rows carry `total` (the `ranked` stage's count of matches, capped at
 * `MANY_MATCHES + 1`; 0 in the other stages).
 */
export function searchQuery(
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
      .select({ ...summaryColumns, total: sql<number>`0`.mapWith(Number) })
      .from(contacts)
      .leftJoin(images, eq(contacts.photoImageId, images.id))
      .where(and(terms.active, terms.namePrefixRange, terms.namePrefix))
      .orderBy(sql`${contacts.sortName} collate "C"`, asc(contacts.id))
      .limit(limit);
  }
  if (stage === 'name-order') {
    return db
      .select({ ...summaryColumns, total: sql<number>`0`.mapWith(Number) })
      .from(contacts)
      .leftJoin(images, eq(contacts.photoImageId, images.id))
      .where(and(terms.active, terms.matchesByFilter, not(terms.namePrefix)))
      .orderBy(asc(contacts.sortName), asc(contacts.id))
      .limit(limit);
  }
  const matched = db.$with('matched').as(
    db
      .select({
        id: contacts.id,
        givenName: contacts.givenName,
        familyName: contacts.familyName,
        email: contacts.email,
        photoImageId: contacts.photoImageId,
        sortName: contacts.sortName,
        rank: terms.rank.as('rank'),
      })
      .from(contacts)
      .where(
        and(
          terms.active,
          terms.matches,
          not(terms.namePrefix),
          ids ? inArray(contacts.id, ids) : undefined,
        ),
      )
      .limit(MANY_MATCHES + 1),
  );
  return db
    .with(matched)
    .select({
      id: matched.id,
      givenName: matched.givenName,
      familyName: matched.familyName,
      email: matched.email,
      photoKey: images.storageKey,
      total: sql<number>`(select count(*) from ${matched})`.mapWith(Number),
    })
    .from(matched)
    .leftJoin(images, eq(matched.photoImageId, images.id))
    .orderBy(matched.rank, matched.sortName, matched.id)
    .limit(limit);
}

/**
 * The first `SHORT_QUERY_CANDIDATES` matches of a one- or two-character query in name order:
 * such a query has no trigram to look up, so the person's contacts are walked through their
 * own name index, and the cost is bounded by the book, not the table. Exported so a
 * test can EXPLAIN it.
 */
export function shortQueryCandidates(db: Database, userId: string, text: string) {
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
  const ranked = await searchQuery(db, userId, text, 'ranked', limit);
  if ((ranked[0]?.total ?? 0) <= MANY_MATCHES) return ranked;
  return searchQuery(db, userId, text, 'name-order', limit);
}

/**
 * Searches the person's active contacts as they type (docs/product/states.md#forms): a substring of the
 * name, middle names, nickname, any email, or the organisation and its units, case- and
 * accent-insensitive; or of any phone's digits whatever the spacing or `+` prefix. `%`, `_`,
 * `\` and quotes are literal: the query is escaped for LIKE and bound as a parameter, never
 * spliced.
 *
 * Names that start with the query come first, in name order, read from the account's
 * byte-ordered name index and stopped at `SEARCH_LIMIT`, so a common prefix never ranks its
 * thousands of matches. Only when fewer than the limit start so are the other matches added:
 * phone numbers that start with the digits, then matches at the start of any word, then the
 * rest, each in name order, found through the per-account `pg_trgm` GIN indexes on
 * `search_text` and `phone_digits` (btree_gin puts the account first). A query that matches
 * more than `MANY_MATCHES` contacts adds its other matches in name order instead, read from
 * the account's name index; a one- or two-character query ranks the first
 * `SHORT_QUERY_CANDIDATES` matches in name order (docs/performance.md#search-at-scale).
 */
export async function searchContacts(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  query: string,
): Promise<ContactSummary[]> {
  const text = query.trim();
  if (!text) return [];
  const rows = await searchQuery(deps.db, userId, text, 'name-prefix');
  if (rows.length < SEARCH_LIMIT) {
    rows.push(...(await otherMatches(deps.db, userId, text, SEARCH_LIMIT - rows.length)));
  }
  return rows.map((row) => ({
    id: row.id,
    name: combinedName(row.givenName, row.familyName),
    email: row.email ?? '',
    photoUrl: row.photoKey ? deps.images.urlFor(row.photoKey) : '',
  }));
}

/** Makes `%`, `_` and `\` literal in a LIKE pattern (escape character `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
