import { executeRows, schema, type Database } from '@kith/db';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import {
  activeContactRows,
  phoneKey,
  selectContactsWithPhoto,
  toDto,
  type Contact,
} from '../contacts';
import { cooperative } from '../shared/event-loop';
import { dismissedPairKeys, pairKey } from './dismissals.service';

const { contacts } = schema;

/** How alike two names must be (pg_trgm `similarity`, 0 to 1) to be offered as duplicates. */
export const NAME_SIMILARITY = 0.7;

export type DuplicateReason = 'email' | 'phone' | 'name';

/** Contacts that look like one person, and why. */
export interface DuplicateGroup {
  reasons: DuplicateReason[];
  contacts: Contact[];
}

/** The groups shown at once; merging some brings the next ones. */
export const MAX_DUPLICATE_GROUPS = 100;

/** The first groups by name, and how many there are in all. */
export interface DuplicateGroups {
  groups: DuplicateGroup[];
  total: number;
}

/**
 * Likely duplicates among the person's contacts not in the trash ("Merge & fix"):
 * any email in common (any case), any phone number in common once normalised, or very similar names
 * (pg_trgm similarity at least 0.7). Groups join every contact linked by any reason.
 * Pairs the person said are "Not duplicates" (`dismissDuplicates`) link nothing.
 * Nothing is ever merged here. Every step is bounded: emails and phones are matched by key,
 * names by their sorted neighbourhood (see `similarNames`), so the cost grows with the book
 * as n log n, never as its square (an all-pairs join over a 10,000-contact book ran 457 s).
 * The answer holds the first `MAX_DUPLICATE_GROUPS` groups (ordered by the name of each
 * group's oldest contact) and the total, so it stays small whatever the book.
 */
export async function findDuplicates(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
): Promise<DuplicateGroups> {
  const active = and(eq(contacts.userId, userId), isNull(contacts.trashedAt));
  const rows = await activeContactRows(deps.db, userId, {
    id: contacts.id,
    emails: contacts.emails,
    phones: contacts.phones,
    sortName: contacts.sortName,
    createdAt: contacts.createdAt,
  });
  let pairs: [string, string, DuplicateReason][] = [];
  const pause = cooperative();
  const linkSame = async (
    keys: (row: (typeof rows)[number]) => string[],
    reason: DuplicateReason,
  ) => {
    const first = new Map<string, string>();
    for (const row of rows) {
      await pause();
      for (const value of new Set(keys(row))) {
        if (!value) continue;
        const seen = first.get(value);
        if (seen) pairs.push([seen, row.id, reason]);
        else first.set(value, row.id);
      }
    }
  };
  await linkSame((row) => row.emails.map((email) => email.value.trim().toLowerCase()), 'email');
  await linkSame((row) => row.phones.map((phone) => phoneKey(phone.value)), 'phone');

  const similar = await similarNames(deps.db, userId);
  for (const row of similar) pairs.push([row.a, row.b, 'name']);
  // A pair said to be "Not duplicates" links nothing; its contacts may still meet through others.
  const dismissed = await dismissedPairKeys(deps.db, userId);
  if (dismissed.size > 0) {
    pairs = pairs.filter(([a, b]) => !dismissed.has(pairKey(a, b)));
  }
  if (pairs.length === 0) return { groups: [], total: 0 };

  // Union-find over every link, so A~B by email and B~C by phone make one group.
  // Iterative, with path compression: a chain of 10,000 similar names must not recurse.
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    for (let at = id; at !== root;) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  for (const [a, b] of pairs) {
    await pause();
    const [rootA, rootB] = [find(a), find(b)];
    if (rootA !== rootB) parent.set(rootA, rootB);
  }
  const groups = new Map<string, { ids: Set<string>; reasons: Set<DuplicateReason> }>();
  for (const [a, b, reason] of pairs) {
    await pause();
    const root = find(a);
    const group = groups.get(root) ?? { ids: new Set(), reasons: new Set() };
    group.ids.add(a).add(b);
    group.reasons.add(reason);
    groups.set(root, group);
  }

  // Order groups by their oldest contact's name, then build contacts for the first ones only.
  const byRow = new Map(rows.map((row) => [row.id, row]));
  const oldest = (ids: Set<string>) =>
    [...ids].map((id) => byRow.get(id)!).reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
  const ordered = [...groups.values()]
    .map((group) => ({ ...group, first: oldest(group.ids).sortName }))
    .sort((a, b) => a.first.localeCompare(b.first));
  const shown = ordered.slice(0, MAX_DUPLICATE_GROUPS);
  const ids = shown.flatMap((group) => [...group.ids]);
  const full = await selectContactsWithPhoto(deps.db).where(and(active, inArray(contacts.id, ids)));
  const byId = new Map(full.map((row) => [row.contact.id, toDto(deps.images, row)]));
  return {
    total: ordered.length,
    groups: shown.map((group) => ({
      reasons: [...group.reasons].sort(),
      contacts: [...group.ids]
        .map((id) => byId.get(id))
        .filter((c): c is Contact => Boolean(c))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    })),
  };
}

/** How many following names, in each sort order, a name is compared with. */
const NAME_NEIGHBOURS = 8;

/**
 * Pairs of the person's active contacts whose names are at least `NAME_SIMILARITY` alike,
 * found by the sorted-neighbourhood method of record linkage: the names are sorted twice
 * (given name first, family name first) and each is compared with the next
 * `NAME_NEIGHBOURS` in either order, so "Jon Smith" meets "John Smith" and "Smith, Jon"
 * meets "Smyth, Jon", in 2 x 8 comparisons a contact instead of one per other contact.
 * It all runs in the database, off the server's event loop.
 */
async function similarNames(db: Database, userId: string): Promise<{ a: string; b: string }[]> {
  const offsets = Array.from({ length: NAME_NEIGHBOURS }, (_, i) => i + 1);
  const neighbours = (order: SQL) => sql`
    select id, sort_name,
      array[${sql.join(
        offsets.map((k) => sql`lead(id, ${sql.raw(String(k))}) over w`),
        sql`, `,
      )}] as next_ids,
      array[${sql.join(
        offsets.map((k) => sql`lead(sort_name, ${sql.raw(String(k))}) over w`),
        sql`, `,
      )}] as next_names
    from active window w as (order by ${order}, id)`;
  return executeRows<{ a: string; b: string }>(
    db,
    sql`
    with active as (
      select id, sort_name, kith_fold(family_name || ' ' || given_name) as family_first
      from ${contacts} where user_id = ${userId} and trashed_at is null
    ),
    neighbours as (
      ${neighbours(sql`sort_name`)}
      union all
      ${neighbours(sql`family_first`)}
    )
    select n.id as a, v.id as b
    from neighbours n
    cross join lateral unnest(n.next_ids, n.next_names) as v(id, name)
    where v.id is not null and similarity(n.sort_name, v.name) >= ${NAME_SIMILARITY}`,
  );
}
