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
 * How many of the account's names, in name order, are read first for the matches that are not
 * name prefixes: a query common enough to match 20 of them (2%) takes its results from there,
 * and only a rarer one is ranked through the trigram indexes, where it matches about 2% of the
 * book or less (docs/performance.md#search-at-scale).
 */
export const WALKED_NAMES = 1_000;

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
  const walked = await searchQuery(db, userId, text, 'name-order', limit);
  if (walked.length === limit) return walked;
  return searchQuery(db, userId, text, 'ranked', limit);
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
 * thousands of matches. Only when fewer than the limit start so are other matches added. A
 * common query finds them among the account's first `WALKED_NAMES` names and adds them in name
 * order; a rarer one adds phone numbers that start with the digits, then matches at the start
 * of any word, then the rest, each in name order, found through the per-account `pg_trgm` GIN
 * indexes on `search_text` and `phone_digits` (btree_gin puts the account first). A one- or
 * two-character query ranks the first `SHORT_QUERY_CANDIDATES` matches in name order
 * (docs/performance.md#search-at-scale).
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
