import { schema } from '@kith/db';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { preparedQuery } from '../shared/prepared-query';
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

/** The folded form of `value`, computed once per statement (an InitPlan), not once per row. */
const folded = (value: unknown) => sql`(select kith_fold(${value}))`;

/** The values one search binds, by name: a string each, or a placeholder in the prepared form. */
interface SearchValues<Value = unknown> {
  userId: Value;
  /** The query as typed (trimmed), folded in the statement. */
  text: Value;
  /** LIKE patterns of the escaped query: a name's start, anywhere, a word's start. */
  prefix: Value;
  contains: Value;
  wordStart: Value;
  /** LIKE patterns of the query's digits: anywhere in a phone, a phone's start. */
  phoneContains: Value;
  phonePrefix: Value;
}

/** What decides the statement's text: a query too short for a trigram, a query of digits. */
interface SearchShape {
  short: boolean;
  phone: boolean;
}

/** The values and shape of the search of `text` (trimmed, not empty) in `userId`'s book. */
function searchValues(userId: string, text: string): SearchValues<string> & SearchShape {
  const escaped = escapeLike(text);
  const digits = PHONE_QUERY.test(text) ? text.replace(/\D/g, '') : '';
  return {
    userId,
    text,
    prefix: `${escaped}%`,
    contains: `%${escaped}%`,
    wordStart: `% ${escaped}%`,
    phoneContains: `%${digits}%`,
    // Each phone's digits follow a comma (see the column), so this is a prefix of any phone.
    phonePrefix: `%,${digits}%`,
    short: text.length < TRIGRAM,
    phone: digits !== '',
  };
}

/**
 * The conditions and ranking of one search over the contacts aliased `c`: what matches, and
 * what comes first. Patterns are LIKE patterns with `\` as the escape character, LIKE's default.
 */
function searchTerms(v: SearchValues, { phone }: SearchShape) {
  const namePrefix = sql`c.sort_name collate "C" like ${folded(v.prefix)}`;
  return {
    active: sql`c.user_id = ${v.userId} and c.trashed_at is null`,
    /** Matches the trigram indexes can find. */
    matches: phone
      ? sql`(c.search_text like ${folded(v.contains)} or c.phone_digits like ${v.phoneContains})`
      : sql`c.search_text like ${folded(v.contains)}`,
    namePrefix,
    /**
     * The byte range of names that start with the query, so the btree reads only those. Folded
     * in place rather than once per statement: read once as the index scan's bounds anyway,
     * and a plan made for these values sees them, so it reads a common prefix in order and
     * stops at the limit instead of collecting and sorting all its names.
     */
    namePrefixRange: sql`c.sort_name collate "C" >= kith_fold(${v.text})
      and c.sort_name collate "C" < kith_fold(${v.text}) || ${LAST_CHARACTER}
      and c.sort_name collate "C" like kith_fold(${v.prefix})`,
    rank: sql`case when ${phone ? sql`(',' || c.phone_digits) like ${v.phonePrefix}` : sql`false`} then 0
      when (' ' || c.search_text) like ${folded(v.wordStart)} then 1 else 2 end`,
  };
}

/** The columns each part of the statement hands on (beside its row's place in the part). */
const PART_COLUMNS = sql`c.id, c.given_name, c.family_name, c.email, c.photo_image_id`;

/** One row of `searchQuery`: a contact's summary columns, best first. */
interface SearchRow extends Record<string, unknown> {
  id: string;
  givenName: string;
  familyName: string;
  email: string | null;
  photoKey: string | null;
}

/**
 * The first `SHORT_QUERY_CANDIDATES` matches of a one- or two-character query in name order:
 * such a query has no trigram to look up, so the person's contacts are walked through their
 * own name index, and the cost is bounded by the book, not the table. A part of
 * `searchQuery`'s statement, exported so a test can EXPLAIN it alone.
 */
export function shortQueryCandidates(userId: string, text: string): SQL {
  const values = searchValues(userId, text);
  return candidates(values, values);
}

/** `shortQueryCandidates` for any values of one shape (placeholders in the prepared form). */
function candidates(v: SearchValues, shape: SearchShape): SQL {
  const { active, matches } = searchTerms(v, shape);
  return sql`select c.id, c.given_name, c.family_name, c.email, c.photo_image_id, c.sort_name,
      c.search_text, c.phone_digits
    from ${contacts} c where ${active} and ${matches}
    order by c.sort_name, c.id limit ${SHORT_QUERY_CANDIDATES}`;
}

/**
 * The whole search of `text` (trimmed, not empty) as one statement, so it costs one round
 * trip: its parts are read in order, each only when the ones before found fewer than
 * `SEARCH_LIMIT` (a part behind a false one-time filter is never executed):
 * 1. `prefix`: names that start with the query, read in byte order as one range of
 *    `contacts_user_active_name_prefix_idx` and stopped at the limit;
 * 2. `walked` (three characters or more): the other matches among the account's first
 *    `WALKED_NAMES` names in name order, read through the account's name index, taken when
 *    they fill the limit;
 * 3. `ranked`: otherwise every other match, found through the per-account trigram indexes
 *    (for a shorter query, among its first `SHORT_QUERY_CANDIDATES` matches in name order)
 *    and ranked: phone prefix, then word start, then the rest, each in name order.
 * Rows `{id, givenName, familyName, email, photoKey}`, at most `SEARCH_LIMIT`, best first.
 * Exported so a test can EXPLAIN it (docs/performance.md#search-at-scale).
 */
export function searchQuery(userId: string, text: string): SQL {
  const values = searchValues(userId, text);
  return searchStatement(values, values);
}

/** `searchQuery`'s statement for any values of one shape. */
function searchStatement(v: SearchValues, shape: SearchShape): SQL {
  const terms = searchTerms(v, shape);
  const found = sql`(select count(*) from prefix)`;
  const prefix = sql`prefix as (
    select ${PART_COLUMNS}, row_number() over (order by c.sort_name collate "C", c.id) as ord
    from ${contacts} c
    where ${terms.active} and ${terms.namePrefixRange}
    order by c.sort_name collate "C", c.id limit ${SEARCH_LIMIT})`;
  // Numbered after the limit, so only the best 20 are sorted again, not every match.
  const ranked = (from: SQL, where: SQL) => sql`ranked as (
    select r.id, r.given_name, r.family_name, r.email, r.photo_image_id,
      row_number() over (order by r.rank, r.sort_name, r.id) as ord
    from (
      select ${PART_COLUMNS}, c.sort_name, ${terms.rank} as rank
      from ${from}
      where ${where} and not ${terms.namePrefix}
      order by rank, c.sort_name, c.id limit ${SEARCH_LIMIT}) r)`;
  // The photo is looked up by key for each of the (at most 20) rows, so the images table is
  // never read whole however the planner weighs it.
  const select = (parts: SQL) => sql`
    select r.id, r.given_name as "givenName", r.family_name as "familyName", r.email,
      (select i.storage_key from ${images} i where i.id = r.photo_image_id) as "photoKey"
    from (${parts}) r
    order by r.part, r.ord limit ${SEARCH_LIMIT}`;
  if (shape.short) {
    return sql`with ${prefix},
      ${ranked(sql`(${candidates(v, shape)}) c`, sql`true`)}
      ${select(sql`select 1 as part, * from prefix
        union all select 2, * from ranked where ${found} < ${SEARCH_LIMIT}`)}`;
  }
  const walked = sql`walked as (
    select ${PART_COLUMNS}, row_number() over (order by c.sort_name, c.id) as ord
    from (select id, given_name, family_name, email, photo_image_id, sort_name, search_text,
            phone_digits
          from ${contacts} c where ${terms.active}
          order by c.sort_name, c.id limit ${WALKED_NAMES}) c
    where ${terms.matches} and not ${terms.namePrefix}
    order by c.sort_name, c.id limit ${SEARCH_LIMIT})`;
  const walkedEnough = sql`(select count(*) from walked) >= ${SEARCH_LIMIT} - ${found}`;
  return sql`with ${prefix}, ${walked},
    ${ranked(sql`${contacts} c`, sql`${terms.active} and ${terms.matches}`)}
    ${select(sql`select 1 as part, * from prefix
      union all select 2, * from walked where ${found} < ${SEARCH_LIMIT} and ${walkedEnough}
      union all select 3, * from ranked where ${found} < ${SEARCH_LIMIT} and not ${walkedEnough}`)}`;
}

/** The values as placeholders, bound by name when a prepared statement runs. */
const PLACEHOLDERS: SearchValues = {
  userId: sql.placeholder('userId'),
  text: sql.placeholder('text'),
  prefix: sql.placeholder('prefix'),
  contains: sql.placeholder('contains'),
  wordStart: sql.placeholder('wordStart'),
  phoneContains: sql.placeholder('phoneContains'),
  phonePrefix: sql.placeholder('phonePrefix'),
};

const dialect = new PgDialect();

/**
 * `searchStatement` of one shape as a prepared statement (docs/performance.md#search-at-scale):
 * postgres.js keeps it as a named statement on each connection, so PostgreSQL parses it once
 * and, after a few calls, runs a cached plan instead of planning its three parts every call.
 * Through PgBouncer's transaction mode (`prepare: false` for the whole client) it is sent
 * unnamed like every other statement.
 */
function preparedSearch(name: string, shape: SearchShape) {
  return preparedQuery((db) =>
    db._.session.prepareQuery<PreparedQueryConfig & { execute: SearchRow[] }>(
      dialect.sqlToQuery(searchStatement(PLACEHOLDERS, shape)),
      undefined,
      name,
      false,
    ),
  );
}

const SEARCH_STATEMENTS = {
  long: preparedSearch('search_long', { short: false, phone: false }),
  longPhone: preparedSearch('search_long_phone', { short: false, phone: true }),
  short: preparedSearch('search_short', { short: true, phone: false }),
  shortPhone: preparedSearch('search_short_phone', { short: true, phone: true }),
};

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
 * two-character query ranks the first `SHORT_QUERY_CANDIDATES` matches in name order. All of it
 * is one statement (`searchQuery`), one round trip, whose later parts run only when needed
 * (docs/performance.md#search-at-scale). Answers at most `SEARCH_LIMIT` summaries, best
 * first; throws only what the database throws (unreachable, statement timeout).
 */
export async function searchContacts(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  query: string,
): Promise<ContactSummary[]> {
  const text = query.trim();
  if (!text) return [];
  const { short, phone, ...values } = searchValues(userId, text);
  const statement = SEARCH_STATEMENTS[`${short ? 'short' : 'long'}${phone ? 'Phone' : ''}`];
  const rows = await statement(deps.db).execute(values);
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
