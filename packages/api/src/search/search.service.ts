import { schema, type Database } from '@kith/db';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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

/** A query made only of phone characters is also matched against phone digits. */
const PHONE_QUERY = /^[\d\s+\-().]+$/;

/** The conditions and ranking of one search: what matches, and what comes first. */
function searchTerms(userId: string, text: string) {
  const escaped = escapeLike(text);
  const digits = PHONE_QUERY.test(text) ? text.replace(/\D/g, '') : '';
  const textMatch = sql`${contacts.searchText} like kith_fold(${`%${escaped}%`}) escape '\\'`;
  const phoneMatch = digits ? sql`${contacts.phoneDigits} like ${`%${digits}%`}` : undefined;
  const namePrefix = sql`${contacts.sortName} like kith_fold(${`${escaped}%`}) escape '\\'`;
  const wordPrefix = sql`(' ' || ${contacts.searchText}) like kith_fold(${`% ${escaped}%`}) escape '\\'`;
  // Each phone's digits follow a comma (see the column), so this is a prefix of any phone.
  const phonePrefix = digits
    ? sql`(',' || ${contacts.phoneDigits}) like ${`%,${digits}%`}`
    : sql`false`;
  return {
    matches: and(
      eq(contacts.userId, userId),
      isNull(contacts.trashedAt),
      or(textMatch, phoneMatch),
    ),
    rank: sql`case when ${namePrefix} or ${phonePrefix} then 0 when ${wordPrefix} then 1 else 2 end`,
  };
}

/**
 * The query of a search of three characters or more (`text` trimmed), ranked and limited to
 * `SEARCH_LIMIT`; with `ids`, only among those contacts. Exported so a test can EXPLAIN it.
 *
 * It reads only what a result shows: every match is sorted by rank before the limit, and
 * whole rows (lists, notes, imported extras) made that sort several times wider.
 */
export function searchQuery(db: Database, userId: string, text: string, ids?: string[]) {
  const { matches, rank } = searchTerms(userId, text);
  return db
    .select({
      id: contacts.id,
      givenName: contacts.givenName,
      familyName: contacts.familyName,
      email: contacts.email,
      photoKey: images.storageKey,
    })
    .from(contacts)
    .leftJoin(images, eq(contacts.photoImageId, images.id))
    .where(and(matches, ids ? inArray(contacts.id, ids) : undefined))
    .orderBy(rank, asc(contacts.sortName), asc(contacts.id))
    .limit(SEARCH_LIMIT);
}

/**
 * The first `SHORT_QUERY_CANDIDATES` matches of a one- or two-character query in name order:
 * such a query has no trigram to look up, so the person's contacts are walked through their
 * own name index, and the cost is bounded by the book, not the table. Exported so a
 * test can EXPLAIN it.
 */
export function shortQueryCandidates(db: Database, userId: string, text: string) {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(searchTerms(userId, text).matches)
    .orderBy(asc(contacts.sortName), asc(contacts.id))
    .limit(SHORT_QUERY_CANDIDATES);
}

/**
 * Searches the person's active contacts as they type (docs/product/states.md#forms): a substring of the
 * name, middle names, nickname, any email, or the organisation and its units, case- and
 * accent-insensitive; or of any phone's digits whatever the spacing or `+` prefix. Names that
 * start with the query come first, then matches at the start of any word, then the rest. `%`, `_`, `\` and quotes are literal: the query is
 * escaped for LIKE and bound as a parameter, never spliced.
 *
 * Queries of three characters or more are served by the per-account `pg_trgm` GIN indexes on
 * `search_text` and `phone_digits` (btree_gin puts the account first); shorter ones rank the
 * first `SHORT_QUERY_CANDIDATES` matches in name order (`shortQueryCandidates`).
 */
export async function searchContacts(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  query: string,
): Promise<ContactSummary[]> {
  const text = query.trim();
  if (!text) return [];
  let ids: string[] | undefined;
  if (text.length < TRIGRAM) {
    ids = (await shortQueryCandidates(deps.db, userId, text)).map((c) => c.id);
    if (ids.length === 0) return [];
  }
  const rows = await searchQuery(deps.db, userId, text, ids);
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
