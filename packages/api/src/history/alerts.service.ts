import { executeRows, schema, type Database, type LabelSnapshot } from '@kith/db';
import { and, desc, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import { putBackLabels } from '../labels';
import type { ChangeSource } from '../shared/change-source';
import { ConflictError, NotFoundError } from '../shared/errors';
import { bookTransaction, retryConflicts } from '../shared/write-transaction';
import type { ApiDependencies } from '../trpc/context';
import { syncAlertMail } from './alerts-mail';
import { HISTORY_MS } from './messages';
import { undoChangesSince } from './restore.service';
import { labelStateOf } from './states';
import { mailRecipientOf } from '../mail/recipient';

const { syncAlerts, users } = schema;

/**
 * The rule (docs/history.md#safety-rails-for-sync): one app password deleting or rewriting
 * more than `BURST_CONTACTS` contacts, or more than `BURST_SHARE` of a book of at least
 * `BURST_MIN_BOOK` contacts, within `BURST_WINDOW_MS`, is a burst the person is told about.
 */
export const BURST_WINDOW_MS = 10 * 60_000;
/** More contacts than this changed by one app password within the window is a burst. */
export const BURST_CONTACTS = 50;
/** More than this share of the book (as it was when the burst began) is a burst too... */
export const BURST_SHARE = 0.2;
/** ...for a book of at least this many contacts. */
export const BURST_MIN_BOOK = 10;

/**
 * An alert is mailed once its burst has been quiet this long, in ms, so the mail counts the
 * whole burst...
 */
export const MAIL_WHEN_QUIET_MS = 2 * 60_000;
/** ...or once the alert is this old, in ms, for a client that keeps going. */
export const MAIL_AT_THE_LATEST_MS = 10 * 60_000;

/** One advisory lock key for the job, so one instance of several looks at a time. */
const SYNC_ALERTS_LOCK_KEY = 727_100_004;

export const ALERT_NOT_FOUND =
  'This notice is no longer there. Reload the page to see the changes that are still open.';
export const ALERT_ALREADY_UNDONE =
  'These changes were already undone. Each contact is back as it was before the sync.';

/** An open notice, as the web app shows it. */
export interface SyncAlertView {
  id: string;
  /** The app password's name ("iPhone"). */
  appPasswordName: string;
  /** When the burst's first change was written. */
  since: Date;
  /** When its last change seen so far was written. */
  until: Date;
  /** Contacts the app password deleted or rewrote in between. */
  contactsChanged: number;
}

type Deps = Pick<ApiDependencies, 'db' | 'now'>;

/** A version `v` written by `appPasswordId`'s client, of a contact that existed before. */
const carddavChange = (appPasswordId: string) =>
  sql`v.source->>'via' = 'carddav' and v.source->>'appPasswordId' = ${appPasswordId} and v.card is not null`;

/**
 * The contacts `appPasswordId` deleted or rewrote after `from` and until `to`, leaving out
 * contacts it made itself since `from` (a contact a client made and then rewrote is no change
 * to the book as it was): their count, and the first and last moments as the database's text
 * (microseconds kept).
 */
async function burstOf(
  db: Database,
  userId: string,
  appPasswordId: string,
  from: SQL,
  to: string,
): Promise<{ count: number; first: string | null; last: string | null }> {
  const [row] = await executeRows<{ count: number; first: string | null; last: string | null }>(
    db,
    sql`select count(distinct v.contact_id)::int as count, min(v.recorded_at)::text as first,
          max(v.recorded_at)::text as last
        from contact_versions v
        where v.user_id = ${userId} and v.recorded_at > ${from} and v.recorded_at <= ${to}
          and ${carddavChange(appPasswordId)}
          and not exists (select 1 from contact_versions n
            where n.contact_id = v.contact_id and n.card is null and n.recorded_at > ${from}
              and n.source->>'appPasswordId' = ${appPasswordId})`,
  );
  return row ?? { count: 0, first: null, last: null };
}

/**
 * How many contacts the book (the cards a CardDAV client sees: contacts not in the Trash)
 * held at `at`: those there now, less those changed since that are there now, plus those
 * changed since that were there then (their first version since holds them as they were).
 */
async function bookSizeAt(db: Database, userId: string, at: string): Promise<number> {
  const [row] = await executeRows<{ size: number }>(
    db,
    sql`with s as (
          select distinct on (contact_id) contact_id, card from contact_versions
          where user_id = ${userId} and recorded_at >= ${at}
          order by contact_id, recorded_at, txid)
        select ((select count(*) from contacts where user_id = ${userId} and trashed_at is null)
          - (select count(*) from s join contacts c on c.id = s.contact_id where c.trashed_at is null)
          + (select count(*) from s where s.card is not null and s.card->>'trashed_at' is null))::int as size`,
  );
  return row?.size ?? 0;
}

/** True when `count` contacts changed of a book of `bookSize` breaks the rule. */
export function isBurst(count: number, bookSize: number): boolean {
  return count > BURST_CONTACTS || (bookSize >= BURST_MIN_BOOK && count > BURST_SHARE * bookSize);
}

export interface SyncAlertsResult {
  /** False when another instance held the lock and this run did nothing. */
  ran: boolean;
  /** Alerts made by this run. */
  created: number;
  /** Mails sent by this run. */
  mails: number;
}

/**
 * The sync alerts job (every minute; docs/history.md#safety-rails-for-sync): reads the
 * history of the 10 minutes before `now` for CardDAV changes, grouped by account and app
 * password, and makes an alert for a burst that breaks the rule. A burst still going on (a
 * change within 10 minutes of its open alert's last) moves that alert's end and count
 * instead of making another, so a burst is one alert and one mail, however many runs see it.
 * Then mails each alert not yet mailed once its burst is over (quiet for 2 minutes, or at the
 * latest 10 minutes after the alert), once (claimed before sending, given back when the mail
 * server refuses, so the job's retry sends it). Alerts past the history's 30 days are
 * forgotten. Safe on several instances at once: the reading and writing run under a
 * transaction-scoped advisory lock, and an instance that cannot take it skips the run.
 *
 * @throws the mail server's error for the first mail it refuses (the queue retries the job).
 */
export async function runSyncAlerts(
  deps: Pick<ApiDependencies, 'db' | 'mailer' | 'publicUrl'>,
  now: Date,
): Promise<SyncAlertsResult> {
  const windowStart = new Date(now.getTime() - BURST_WINDOW_MS).toISOString();
  const end = now.toISOString();
  const outcome = await retryConflicts(() =>
    deps.db.transaction(async (txn) => {
      const tx = txn as Database;
      const [lock] = await executeRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${SYNC_ALERTS_LOCK_KEY}) as locked`,
      );
      if (!lock?.locked) return null;
      // The pairs a CardDAV client changed contacts through lately (the recorded_at index).
      const pairs = await executeRows<{ user_id: string; app_password_id: string; name: string }>(
        tx,
        sql`select v.user_id, v.source->>'appPasswordId' as app_password_id,
              (array_agg(v.source->>'appPasswordName' order by v.recorded_at desc))[1] as name
            from contact_versions v
            where v.recorded_at > ${windowStart} and v.recorded_at <= ${end}
              and v.source->>'via' = 'carddav' and v.card is not null
            group by 1, 2`,
      );
      let created = 0;
      for (const pair of pairs) {
        const [latest] = await tx
          .select()
          .from(syncAlerts)
          .where(
            and(
              eq(syncAlerts.userId, pair.user_id),
              eq(syncAlerts.appPasswordId, pair.app_password_id),
            ),
          )
          .orderBy(desc(syncAlerts.until))
          .limit(1);
        if (
          latest &&
          !latest.undoneAt &&
          !latest.dismissedAt &&
          latest.until.getTime() > now.getTime() - BURST_WINDOW_MS
        ) {
          // The burst goes on: its alert counts every contact changed since it began.
          await tx.execute(sql`update sync_alerts a set
              contacts_changed = b.count, until = greatest(a.until, b.last), app_password_name = ${pair.name}
            from (select count(distinct v.contact_id)::int as count, max(v.recorded_at) as last
              from contact_versions v, sync_alerts s
              where s.id = ${latest.id} and v.user_id = s.user_id and v.recorded_at >= s.since
                and v.recorded_at <= ${end} and ${carddavChange(pair.app_password_id)}
                and not exists (select 1 from contact_versions n
                  where n.contact_id = v.contact_id and n.card is null and n.recorded_at >= s.since
                    and n.source->>'appPasswordId' = ${pair.app_password_id})) b
            where a.id = ${latest.id} and b.last is not null`);
          continue;
        }
        // A new window: the last 10 minutes, after whatever an earlier alert covered.
        const from = latest
          ? sql`greatest(${windowStart}::timestamptz, (select until from sync_alerts where id = ${latest.id}))`
          : sql`${windowStart}::timestamptz`;
        const burst = await burstOf(tx, pair.user_id, pair.app_password_id, from, end);
        if (!burst.first || !burst.last) continue;
        const bookSize = await bookSizeAt(tx, pair.user_id, burst.first);
        if (!isBurst(burst.count, bookSize)) continue;
        await tx.execute(sql`insert into sync_alerts
            (user_id, app_password_id, app_password_name, since, until, contacts_changed)
          values (${pair.user_id}, ${pair.app_password_id}, ${pair.name}, ${burst.first}::timestamptz,
            ${burst.last}::timestamptz, ${burst.count})`);
        created += 1;
      }
      await tx.delete(syncAlerts).where(lt(syncAlerts.until, new Date(now.getTime() - HISTORY_MS)));
      return { created };
    }),
  );
  if (!outcome) return { ran: false, created: 0, mails: 0 };
  const mails = await mailOpenAlerts(deps, now);
  return { ran: true, created: outcome.created, mails };
}

/**
 * Mails every open alert not yet mailed whose burst has been quiet for 2 minutes (or which
 * is 10 minutes old), in its account's language, with its times in the zone of the account's
 * reminders (UTC without one). Each is claimed first (`mailed_at`), so a second instance or a
 * retried job sends nothing twice. An alert undone or dismissed before then is not mailed:
 * the person has seen it.
 */
async function mailOpenAlerts(
  deps: { db: Database; mailer: Mailer; publicUrl: string },
  now: Date,
): Promise<number> {
  const waiting = await deps.db
    .select({ id: syncAlerts.id })
    .from(syncAlerts)
    .innerJoin(users, eq(users.id, syncAlerts.userId))
    .where(
      and(
        isNull(syncAlerts.mailedAt),
        isNull(syncAlerts.undoneAt),
        isNull(syncAlerts.dismissedAt),
        isNull(users.deletedAt),
        or(
          lte(syncAlerts.until, new Date(now.getTime() - MAIL_WHEN_QUIET_MS)),
          lte(syncAlerts.createdAt, new Date(now.getTime() - MAIL_AT_THE_LATEST_MS)),
        ),
      ),
    );
  let sent = 0;
  for (const { id } of waiting) {
    const [claimed] = await deps.db
      .update(syncAlerts)
      .set({ mailedAt: now })
      .where(and(eq(syncAlerts.id, id), isNull(syncAlerts.mailedAt)))
      .returning();
    if (!claimed) continue;
    const person = await mailRecipientOf(deps.db, claimed.userId);
    if (!person) continue;
    try {
      await deps.mailer.send(syncAlertMail({ ...person, publicUrl: deps.publicUrl }, claimed));
      sent += 1;
    } catch (error) {
      await deps.db.update(syncAlerts).set({ mailedAt: null }).where(eq(syncAlerts.id, id));
      throw error;
    }
  }
  return sent;
}

/**
 * The person's open alerts (neither undone nor dismissed), newest first, within the 30 days
 * the history keeps.
 */
export async function openSyncAlerts(deps: Deps, userId: string): Promise<SyncAlertView[]> {
  return deps.db
    .select({
      id: syncAlerts.id,
      appPasswordName: syncAlerts.appPasswordName,
      since: syncAlerts.since,
      until: syncAlerts.until,
      contactsChanged: syncAlerts.contactsChanged,
    })
    .from(syncAlerts)
    .where(
      and(
        eq(syncAlerts.userId, userId),
        isNull(syncAlerts.undoneAt),
        isNull(syncAlerts.dismissedAt),
        gt(syncAlerts.since, new Date(deps.now().getTime() - HISTORY_MS)),
      ),
    )
    .orderBy(desc(syncAlerts.since));
}

/**
 * "Undo these changes": puts back every contact the alert's app password deleted or rewrote
 * during the burst, each as it was just before the burst began (`undoChangesSince` narrowed
 * to those contacts), and the labels it deleted or renamed (group cards), in one transaction
 * under the book lock, recorded in the history as a restore. Other contacts and labels, and
 * changes the person made to them meanwhile, stay as they are.
 *
 * @returns how many contacts were put back.
 * @throws NotFoundError (404) when the alert is not the person's (or no longer kept);
 *   ConflictError (409) when it was undone already; ValidationError (400) when the burst
 *   began more than 30 days ago.
 */
export async function undoSyncAlert(
  deps: Deps,
  userId: string,
  alertId: string,
): Promise<{ restored: number }> {
  return bookTransaction(deps.db, userId, async (tx) => {
    const [alert] = await tx
      .select()
      .from(syncAlerts)
      .where(and(eq(syncAlerts.id, alertId), eq(syncAlerts.userId, userId)))
      .for('update');
    if (!alert) throw new NotFoundError(ALERT_NOT_FOUND);
    if (alert.undoneAt) throw new ConflictError(ALERT_ALREADY_UNDONE);
    const ids = await executeRows<{ id: string }>(
      tx,
      sql`select distinct v.contact_id as id from contact_versions v, sync_alerts s
          where s.id = ${alert.id} and v.user_id = ${userId}
            and v.recorded_at >= s.since and v.recorded_at <= s.until
            and ${carddavChange(alert.appPasswordId)}
            and not exists (select 1 from contact_versions n
              where n.contact_id = v.contact_id and n.card is null and n.recorded_at >= s.since)`,
    );
    // `since` read in ms is at most 1 ms early of the database's microseconds: 1 ms before it
    // is before the burst's first change.
    const before = new Date(alert.since.getTime() - 1);
    // Labels first, so the contacts get back the labels the client deleted.
    const source: ChangeSource = { via: 'restore', to: before.toISOString() };
    await bookTransaction(tx, { userId, source }, (inner) =>
      putBackLabelsOfBurst(inner, userId, alert.id, alert.appPasswordId),
    );
    const result = await undoChangesSince(
      { db: tx, now: deps.now },
      userId,
      before,
      ids.map((r) => r.id),
    );
    await tx
      .update(syncAlerts)
      .set({ undoneAt: sql`now()` })
      .where(eq(syncAlerts.id, alert.id));
    return { restored: result.changed };
  });
}

/**
 * The labels the alert's app password deleted or renamed during the burst (a group card
 * deleted or rewritten) back as they were just before it; labels it made are left alone.
 */
async function putBackLabelsOfBurst(
  tx: Database,
  userId: string,
  alertId: string,
  appPasswordId: string,
): Promise<void> {
  const states = await executeRows<{ state: LabelSnapshot | null }>(
    tx,
    sql`select distinct on (f.label_id) f.label as state
        from sync_alerts s
        join label_versions v on v.user_id = s.user_id and v.recorded_at >= s.since
          and v.recorded_at <= s.until and v.source->>'via' = 'carddav'
          and v.source->>'appPasswordId' = ${appPasswordId}
        join label_versions f on f.label_id = v.label_id and f.recorded_at >= s.since
        where s.id = ${alertId} and s.user_id = ${userId}
        order by f.label_id, f.recorded_at, f.txid`,
  );
  const kept = states
    .map((r) => r.state)
    .filter((state): state is LabelSnapshot => state !== null)
    .map(labelStateOf);
  if (kept.length > 0) await putBackLabels(tx, userId, kept, []);
}

/**
 * "Keep them": the alert's notice goes; the changes stay. Dismissing twice is one dismissal.
 *
 * @throws NotFoundError (404) when the alert is not the person's.
 */
export async function dismissSyncAlert(deps: Deps, userId: string, alertId: string): Promise<void> {
  const [alert] = await deps.db
    .update(syncAlerts)
    .set({ dismissedAt: sql`coalesce(${syncAlerts.dismissedAt}, now())` })
    .where(and(eq(syncAlerts.id, alertId), eq(syncAlerts.userId, userId)))
    .returning({ id: syncAlerts.id });
  if (!alert) throw new NotFoundError(ALERT_NOT_FOUND);
}
