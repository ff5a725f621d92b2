import { schema } from '@kith/db';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { combinedName, type ContactSummary } from '../contacts/contact-dto';
import { selectContactsWithPhoto } from '../contacts/contacts-with-photo';

const { contacts } = schema;

/** SPEC §4 Search: results fit a dropdown; at most 20. */
export const SEARCH_LIMIT = 20;

/** A query made only of phone characters is also matched against phone digits. */
const PHONE_QUERY = /^[\d\s+\-().]+$/;

/**
 * Searches the person's active contacts as they type (SPEC §4 Search): a substring of the
 * name, email or company, case- and accent-insensitive; or of the phone's digits whatever
 * the spacing or `+` prefix. Names that start with the query come first, then matches at the
 * start of any word, then the rest. `%`, `_`, `\` and
 * quotes are literal: the query is escaped for LIKE and bound as a parameter, never spliced.
 * The `pg_trgm` GIN indexes on `search_text` and `phone_digits` serve the LIKE patterns.
 */
export async function searchContacts(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  query: string,
): Promise<ContactSummary[]> {
  const text = query.trim();
  if (!text) return [];
  const escaped = escapeLike(text);
  const digits = PHONE_QUERY.test(text) ? text.replace(/\D/g, '') : '';

  const textMatch = sql`${contacts.searchText} like kith_fold(${`%${escaped}%`}) escape '\\'`;
  const phoneMatch = digits ? sql`${contacts.phoneDigits} like ${`%${digits}%`}` : undefined;
  const namePrefix = sql`${contacts.sortName} like kith_fold(${`${escaped}%`}) escape '\\'`;
  const wordPrefix = sql`(' ' || ${contacts.searchText}) like kith_fold(${`% ${escaped}%`}) escape '\\'`;
  const phonePrefix = digits ? sql`${contacts.phoneDigits} like ${`${digits}%`}` : sql`false`;

  const rows = await selectContactsWithPhoto(deps.db)
    .where(and(eq(contacts.userId, userId), isNull(contacts.trashedAt), or(textMatch, phoneMatch)))
    .orderBy(
      sql`case when ${namePrefix} or ${phonePrefix} then 0 when ${wordPrefix} then 1 else 2 end`,
      asc(contacts.sortName),
      asc(contacts.id),
    )
    .limit(SEARCH_LIMIT);

  return rows.map(({ contact, photo }) => ({
    _id: contact.id,
    name: combinedName(contact.givenName, contact.familyName),
    email: contact.email ?? '',
    avatar: { url: photo ? deps.images.urlFor(photo.key) : '' },
  }));
}

/** Makes `%`, `_` and `\` literal in a LIKE pattern (escape character `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
