import {
  executeRows,
  schema,
  type ContactSnapshot,
  type Database,
  type LabelSnapshot,
} from '@kith/db';
import { sql } from 'drizzle-orm';
import type { LabelState } from '../labels';

const { contactVersions, labelVersions } = schema;

/** A contact or label as it was at a moment: its snapshot, or null when it did not exist. */
export type StateAt<Snapshot> = { id: string; state: Snapshot | null };

/**
 * The contacts of `userId` that changed after `at`, each as it was at `at`: the version
 * recorded by the first transaction after it (a version holds the contact as it was before
 * its transaction; null when that transaction created it). Contacts unchanged since are as
 * they are now, so they are not listed. `contactIds` narrows the answer to those contacts.
 */
export async function contactsAt(
  db: Database,
  userId: string,
  at: Date,
  contactIds?: string[],
): Promise<StateAt<ContactSnapshot>[]> {
  const only = contactIds
    ? sql`and ${contactVersions.contactId} = any(${`{${contactIds.join(',')}}`}::uuid[])`
    : sql``;
  return executeRows<StateAt<ContactSnapshot>>(
    db,
    sql`select distinct on (${contactVersions.contactId}) ${contactVersions.contactId} as id, ${contactVersions.card} as state
        from ${contactVersions}
        where ${contactVersions.userId} = ${userId} and ${contactVersions.recordedAt} > ${at.toISOString()} ${only}
        order by ${contactVersions.contactId}, ${contactVersions.recordedAt}, ${contactVersions.txid}`,
  );
}

/** The labels of `userId` that changed after `at`, each as it was at `at` (as `contactsAt`). */
export async function labelsAt(
  db: Database,
  userId: string,
  at: Date,
): Promise<StateAt<LabelSnapshot>[]> {
  return executeRows<StateAt<LabelSnapshot>>(
    db,
    sql`select distinct on (${labelVersions.labelId}) ${labelVersions.labelId} as id, ${labelVersions.label} as state
        from ${labelVersions}
        where ${labelVersions.userId} = ${userId} and ${labelVersions.recordedAt} > ${at.toISOString()}
        order by ${labelVersions.labelId}, ${labelVersions.recordedAt}, ${labelVersions.txid}`,
  );
}

/** What undoing the changes after a moment would do to the book, counted. */
export interface UndoPreview {
  /** Contacts that exist now and will hold other values (the Trash and the star included). */
  changed: number;
  /** Contacts deleted for good since, which come back. */
  recreated: number;
  /** Contacts made since, which are deleted. */
  removed: number;
  /** Labels made, renamed or deleted since, which are put back. */
  labels: number;
}

/**
 * Counts what `undoChangesSince` would do: every contact that changed after `at`, compared
 * with what it is now (a contact changed and changed back counts for nothing).
 */
export async function previewAt(db: Database, userId: string, at: Date): Promise<UndoPreview> {
  const moment = at.toISOString();
  const [row] = await executeRows<{
    changed: number;
    recreated: number;
    removed: number;
    labels: number;
  }>(
    db,
    sql`with s as (
          select distinct on (contact_id) contact_id, card from contact_versions
          where user_id = ${userId} and recorded_at > ${moment}
          order by contact_id, recorded_at, txid),
        l as (
          select distinct on (label_id) label_id, label from label_versions
          where user_id = ${userId} and recorded_at > ${moment}
          order by label_id, recorded_at, txid)
        select
          count(*) filter (where s.card is null and c.id is not null)::int as removed,
          count(*) filter (where s.card is not null and c.id is null)::int as recreated,
          count(*) filter (where s.card is not null and c.id is not null
            and (s.card - 'updated_at') is distinct from (kith_contact_snapshot(c) - 'updated_at'))::int as changed,
          (select count(*) from l left join labels x on x.id = l.label_id
            where (l.label is null) <> (x.id is null)
               or (l.label - 'updated_at') is distinct from (kith_label_values(x) - 'updated_at'))::int as labels
        from s left join contacts c on c.id = s.contact_id and c.user_id = ${userId}`,
  );
  return row ?? { changed: 0, recreated: 0, removed: 0, labels: 0 };
}

/** A label as `putBackLabels` writes it, from its history snapshot (column names, JSON values). */
export function labelStateOf(snapshot: LabelSnapshot): LabelState {
  return {
    id: String(snapshot.id),
    name: String(snapshot.name),
    uid: String(snapshot.uid ?? ''),
    davName: String(snapshot.dav_name ?? ''),
    importId: (snapshot.import_id as string | null) ?? null,
    madeFromCard: Boolean(snapshot.made_from_card),
    createdAt: new Date(String(snapshot.created_at)),
    updatedAt: new Date(String(snapshot.updated_at ?? snapshot.created_at)),
  };
}
