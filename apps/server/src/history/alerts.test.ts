import { runSyncAlerts } from '@kith/api';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dav, davAccount, vcard, type DavAccount } from '../test-support/dav-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { callerFor, makeImport, makeLabel, makeUser } from '../test-support/test-caller';

// Safety rails for sync (docs/history.md#safety-rails-for-sync): one app password deleting or
// rewriting more than 50 contacts, or more than a fifth of a book of at least 10, within
// 10 minutes is told once (a notice and one mail), and "Undo these changes" puts back just
// those contacts.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** An account with an app password ('Test phone') and a book of `size` contacts, imported. */
async function phoneWithBook(size: number): Promise<DavAccount & { names: Map<string, string> }> {
  const account = await davAccount(t);
  const cards = Array.from({ length: size }, (_, i) =>
    vcard(`uid-${i}`, `Person${String(i).padStart(3, '0')}`, 'Tester'),
  ).join('');
  await makeImport(account.caller, cards);
  const rows = await t.db
    .select({ id: schema.contacts.id, davName: schema.contacts.davName })
    .from(schema.contacts)
    .where(eq(schema.contacts.userId, account.userId))
    .orderBy(schema.contacts.givenName);
  expect(rows).toHaveLength(size);
  return { ...account, names: new Map(rows.map((r) => [r.id, r.davName])) };
}

const href = (a: DavAccount, davName: string) =>
  `/dav/addressbooks/${a.userId}/contacts/${davName}`;

/** The phone deletes these contacts, one request each, as a sync client does. */
async function deleteOverDav(a: DavAccount & { names: Map<string, string> }, ids: string[]) {
  for (const id of ids) {
    expect((await dav(a, 'DELETE', href(a, a.names.get(id)!))).status).toBe(204);
  }
}

/** The phone rewrites these contacts' names (GET, then PUT the card back changed). */
async function renameOverDav(a: DavAccount & { names: Map<string, string> }, ids: string[]) {
  for (const id of ids) {
    const path = href(a, a.names.get(id)!);
    const card = (await dav(a, 'GET', path)).text;
    const body = card.replace(/^FN:.*$/m, 'FN:Wiped Out').replace(/^N:.*$/m, 'N:Out;Wiped;;;');
    const put = await dav(a, 'PUT', path, {
      body,
      headers: { 'content-type': 'text/vcard; charset=utf-8' },
    });
    expect(put.status).toBe(204);
  }
}

/** A burst's mail goes once it has been quiet 2 minutes: the job as it runs 3 minutes on. */
const QUIET = 3 * 60_000;

/** Runs the every-minute job as it runs `later` ms from now; the mails it sent to `email`. */
async function runJob(email: string, later = QUIET) {
  const before = t.outbox.length;
  await runSyncAlerts(t.deps, new Date(Date.now() + later));
  return t.outbox.slice(before).filter((m) => m.to === email);
}

const ids = (a: { names: Map<string, string> }) => [...a.names.keys()];

describe('a burst of sync changes', () => {
  it('60 deletes by one app password make one alert and one mail, however often the job runs', async () => {
    const phone = await phoneWithBook(300);
    await deleteOverDav(phone, ids(phone).slice(0, 60));

    // Seen at once on the web; the mail waits for the burst to be over.
    expect(await runJob(phone.email, 0)).toEqual([]);
    const [alert, ...others] = await phone.caller.history.alerts();
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ appPasswordName: 'Test phone', contactsChanged: 60 });
    expect(alert!.since.getTime()).toBeLessThanOrEqual(alert!.until.getTime());

    // The phone goes on: the same alert counts the new deletes.
    await deleteOverDav(phone, ids(phone).slice(60, 70));
    expect(await runJob(phone.email, 0)).toEqual([]);
    expect(await phone.caller.history.alerts()).toEqual([
      expect.objectContaining({ id: alert!.id, contactsChanged: 70 }),
    ]);

    // Two minutes quiet: one mail for the whole burst, and no other however often the job runs.
    const mails = await runJob(phone.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Test phone changed 70 contacts in Kith');
    expect(mails[0]!.text).toContain('deleted or changed 70 of your contacts');
    expect(mails[0]!.text).toContain(`Open Kith: ${t.env.PUBLIC_URL}/`);
    expect(await runJob(phone.email)).toEqual([]);
    expect(await runJob(phone.email, 5 * 60_000)).toEqual([]);
    expect(await phone.caller.history.alerts()).toHaveLength(1);
  });

  it('10 deletes in a book of 300 are no burst', async () => {
    const phone = await phoneWithBook(300);
    await deleteOverDav(phone, ids(phone).slice(0, 10));
    expect(await runJob(phone.email)).toEqual([]);
    expect(await phone.caller.history.alerts()).toEqual([]);
  });

  it('more than a fifth of a small book is a burst; a book under 10 contacts is not judged by share', async () => {
    const twelve = await phoneWithBook(12);
    await renameOverDav(twelve, ids(twelve).slice(0, 3));
    expect(await runJob(twelve.email)).toHaveLength(1);
    expect(await twelve.caller.history.alerts()).toEqual([
      expect.objectContaining({ contactsChanged: 3 }),
    ]);

    const justUnder = await phoneWithBook(15);
    await deleteOverDav(justUnder, ids(justUnder).slice(0, 3));
    expect(await runJob(justUnder.email)).toEqual([]);

    const nine = await phoneWithBook(9);
    await deleteOverDav(nine, ids(nine).slice(0, 5));
    expect(await runJob(nine.email)).toEqual([]);
    expect(await nine.caller.history.alerts()).toEqual([]);
  });

  it('two runs at once (two server instances) make one alert and one mail', async () => {
    const phone = await phoneWithBook(12);
    await deleteOverDav(phone, ids(phone).slice(0, 5));
    const before = t.outbox.length;
    const later = new Date(Date.now() + QUIET);
    await Promise.all([runSyncAlerts(t.deps, later), runSyncAlerts(t.deps, later)]);
    expect(t.outbox.slice(before).filter((m) => m.to === phone.email)).toHaveLength(1);
    expect(await phone.caller.history.alerts()).toHaveLength(1);
  });

  it('a mail the mail server refuses is sent by the next run, once', async () => {
    const phone = await phoneWithBook(12);
    await deleteOverDav(phone, ids(phone).slice(0, 5));
    const refusing = {
      send: async () => {
        throw new Error('451 try again later');
      },
    };
    const later = new Date(Date.now() + QUIET);
    await expect(runSyncAlerts({ ...t.deps, mailer: refusing }, later)).rejects.toThrow('451');
    expect(await runJob(phone.email)).toHaveLength(1);
    expect(await runJob(phone.email)).toEqual([]);
  });

  it('the mail is in the account’s language', async () => {
    const phone = await phoneWithBook(12);
    await phone.caller.account.updatePreferences({ locale: 'es' });
    await deleteOverDav(phone, ids(phone).slice(0, 4));
    const [mail] = await runJob(phone.email);
    expect(mail!.subject).toBe('Test phone cambió 4 contactos en Kith');
    expect(mail!.text).toContain('«Deshacer estos cambios»');
  });
});

describe('noticed seconds after the phone writes', () => {
  it('a burst of CardDAV deletes makes its alert within seconds, with no run of the minute’s job', async () => {
    const server = await createTestApp({ syncAlertsAfterDavWrites: true });
    try {
      const account = await davAccount(server);
      await makeImport(
        account.caller,
        Array.from({ length: 12 }, (_, i) => vcard(`soon-${i}`, `Soon${i}`, 'Tester')).join(''),
      );
      const rows = await server.db
        .select({ davName: schema.contacts.davName })
        .from(schema.contacts)
        .where(eq(schema.contacts.userId, account.userId));
      for (const { davName } of rows.slice(0, 4)) {
        const path = `/dav/addressbooks/${account.userId}/contacts/${davName}`;
        expect((await dav(account, 'DELETE', path)).status).toBe(204);
      }
      expect(await account.caller.history.alerts()).toEqual([]);
      await vi.waitFor(
        async () => {
          const alerts = await account.caller.history.alerts();
          expect(alerts).toHaveLength(1);
          expect(alerts[0]).toMatchObject({ contactsChanged: 4 });
        },
        { timeout: 15_000, interval: 500 },
      );
    } finally {
      await server.close();
    }
  });
});

describe('Undo these changes', () => {
  it('puts back exactly the contacts the app password changed, as they were, and keeps the person’s own edit', async () => {
    const phone = await phoneWithBook(100);
    const [deleted, rewritten, editedOnWeb] = [
      ids(phone).slice(0, 40),
      ids(phone).slice(40, 52),
      ids(phone)[90]!,
    ];
    const before = await phone.caller.contacts.byId({ id: rewritten[0]! });
    await deleteOverDav(phone, deleted.slice(0, 20));
    // The person edits another contact on the web while the phone syncs.
    await phone.caller.contacts.update({ id: editedOnWeb, familyName: 'Edited' });
    await deleteOverDav(phone, deleted.slice(20));
    await renameOverDav(phone, rewritten);
    await runJob(phone.email, 0);
    const [alert] = await phone.caller.history.alerts();
    expect(alert!.contactsChanged).toBe(52);

    expect(await phone.caller.history.undoAlert({ alertId: alert!.id })).toEqual({
      restored: 52,
    });
    const { items } = await phone.caller.contacts.list({ limit: 200 });
    expect(items).toHaveLength(100);
    expect(items.filter((c) => c.givenName === 'Wiped')).toEqual([]);
    expect(await phone.caller.contacts.byId({ id: rewritten[0]! })).toMatchObject({
      givenName: before.givenName,
      familyName: before.familyName,
    });
    expect((await phone.caller.contacts.byId({ id: editedOnWeb })).familyName).toBe('Edited');
    expect((await phone.caller.trash.list({ limit: 100 })).items).toEqual([]);
    // The undo is in the history as a restore, and the notice is gone.
    const history = await phone.caller.history.contact({ contactId: deleted[0]! });
    expect(history.entries[0]!.source).toMatchObject({ via: 'restore' });
    expect(await phone.caller.history.alerts()).toEqual([]);

    await expect(phone.caller.history.undoAlert({ alertId: alert!.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already undone/),
    });
  });

  it('a label the phone deleted comes back with its contacts', async () => {
    const phone = await phoneWithBook(12);
    const members = ids(phone).slice(0, 5);
    const friends = await makeLabel(phone.caller, 'Friends', members);
    const [row] = await t.db
      .select({ davName: schema.labels.davName })
      .from(schema.labels)
      .where(eq(schema.labels.id, friends.id));
    // The phone deletes the label's group card: its 5 contacts lose it.
    expect((await dav(phone, 'DELETE', href(phone, row!.davName))).status).toBe(204);
    expect(await phone.caller.labels.list()).toEqual([]);
    await runJob(phone.email, 0);
    const [alert] = await phone.caller.history.alerts();
    expect(alert!.contactsChanged).toBe(5);

    await phone.caller.history.undoAlert({ alertId: alert!.id });
    expect(await phone.caller.labels.list()).toEqual([
      expect.objectContaining({ id: friends.id, name: 'Friends', count: 5 }),
    ]);
  });

  it('"Keep them" takes the notice away and leaves the changes', async () => {
    const phone = await phoneWithBook(12);
    await deleteOverDav(phone, ids(phone).slice(0, 5));
    expect(await runJob(phone.email, 0)).toEqual([]);
    const [alert] = await phone.caller.history.alerts();
    await phone.caller.history.dismissAlert({ alertId: alert!.id });
    await phone.caller.history.dismissAlert({ alertId: alert!.id });
    expect(await phone.caller.history.alerts()).toEqual([]);
    expect((await phone.caller.contacts.list({ limit: 100 })).items).toHaveLength(7);
    // A burst dismissed before its mail went is not mailed, nor told again.
    expect(await runJob(phone.email)).toEqual([]);
    expect(await phone.caller.history.alerts()).toEqual([]);
  });

  it('another account’s alert is not found, to undo or to dismiss', async () => {
    const phone = await phoneWithBook(12);
    await deleteOverDav(phone, ids(phone).slice(0, 5));
    await runJob(phone.email);
    const [alert] = await phone.caller.history.alerts();
    const stranger = await callerFor(t, (await makeUser(t)).id);
    expect(await stranger.history.alerts()).toEqual([]);
    await expect(stranger.history.undoAlert({ alertId: alert!.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(stranger.history.dismissAlert({ alertId: alert!.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await phone.caller.contacts.list({ limit: 100 })).items).toHaveLength(7);
  });
});
