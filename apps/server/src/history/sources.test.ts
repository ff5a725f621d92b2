import { runRetention } from '@kith/api';
import { schema, type ChangeSource } from '@kith/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { davAccount, dav, vcard } from '../test-support/dav-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { trpcData } from '../test-support/test-client';
import { makeContact, makeImport, makeLabel, signedInCaller } from '../test-support/test-caller';
import { signedInClient } from '../test-support/test-users';
import { syncedFolder } from '../test-support/vdirsyncer';

// Every writer of a person's book is in the history with what it came through
// (docs/history.md#sources): the History says "changed from iPhone" or "by the import".
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;

/** The sources of a contact's versions, oldest first (one per write that changed it). */
async function sources(contactId: string): Promise<(ChangeSource | null)[]> {
  const rows = await t.db
    .select({ source: schema.contactVersions.source })
    .from(schema.contactVersions)
    .where(eq(schema.contactVersions.contactId, contactId))
    .orderBy(asc(schema.contactVersions.recordedAt), asc(schema.contactVersions.txid));
  return rows.map((r) => r.source);
}

/** The sources of a label's versions, oldest first. */
async function labelSources(labelId: string): Promise<(ChangeSource | null)[]> {
  const rows = await t.db
    .select({ source: schema.labelVersions.source })
    .from(schema.labelVersions)
    .where(eq(schema.labelVersions.labelId, labelId))
    .orderBy(asc(schema.labelVersions.recordedAt), asc(schema.labelVersions.txid));
  return rows.map((r) => r.source);
}

const API = { via: 'api' };

describe('every writer is recorded with its source', () => {
  it("the web app's calls (Sec-Fetch-Site: same-origin) as web, other tRPC callers as api", async () => {
    const { client } = await signedInClient(t);
    const web = { 'sec-fetch-site': 'same-origin' };
    const created = await client.send({
      method: 'POST',
      url: '/api/trpc/contacts.create',
      headers: web,
      payload: {
        json: {
          givenName: 'Ada',
          familyName: 'Lovelace',
          phones: [{ value: '+1 555 0100', type: '' }],
        },
      },
    });
    const { id } = trpcData<{ id: string }>(created);
    const edited = await client.send({
      method: 'POST',
      url: '/api/trpc/contacts.update',
      headers: web,
      payload: { json: { id, familyName: 'Byron' } },
    });
    expect(edited.status).toBe(200);
    // A script calling tRPC from elsewhere (no Sec-Fetch-Site) is the API.
    await client.mutation('contacts.update', { id, familyName: 'King' });
    expect(await sources(id)).toEqual([{ via: 'web' }, { via: 'web' }, API]);
  });

  it('REST /api/v1 as api', async () => {
    const { client } = await signedInClient(t);
    const created = await client.rest('POST', '/contacts', {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0100',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { _id: string } }).data._id;
    const patched = await client.rest('PATCH', `/contacts/${id}`, { lastName: 'Murray' });
    expect(patched.status).toBe(200);
    expect(await sources(id)).toEqual([API, API]);
  });

  it('an import and its undo as import, with the import', async () => {
    const caller = await signedInCaller(t);
    const ada = await makeContact(caller, { givenName: 'Ada', familyName: 'Lovelace' });
    // The import fills in Ada's email (a merge into her) and makes Alan.
    const { importId } = await makeImport(
      caller,
      'First Name,Last Name,E-mail 1 - Value\nAda,Lovelace,ada@example.com\nAlan,Turing,alan@example.com\n',
    );
    const alan = (await caller.contacts.list({ limit: 10 })).items.find(
      (c) => c.givenName === 'Alan',
    )!;
    const imported = { via: 'import', importId };
    expect(await sources(alan.id)).toEqual([imported]);
    await caller.imports.undo({ importId });
    expect(await sources(alan.id)).toEqual([imported, imported]);
    const adas = await sources(ada.id);
    expect(adas[0]).toEqual(API);
    // Ada's values the import changed, and put back by its undo, if it touched her.
    for (const source of adas.slice(1)) expect(source).toEqual(imported);
  });

  it('a merge and its undo as merge', async () => {
    const caller = await signedInCaller(t);
    const keep = await makeContact(caller, { givenName: 'Ada', familyName: 'Lovelace' });
    const copy = await makeContact(caller, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      emails: [{ value: 'ada@example.com', type: '' }],
    });
    const { undoToken } = await caller.contacts.merge({ keepId: keep.id, mergeIds: [copy.id] });
    await caller.contacts.undoMerge({ undoToken });
    const merge = { via: 'merge' };
    expect(await sources(keep.id)).toEqual([API, merge, merge]);
    expect(await sources(copy.id)).toEqual([API, merge, merge]);
  });

  it('a CardDAV PUT and DELETE as carddav, with the app password', async () => {
    const account = await davAccount(t);
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const put = await dav(account, 'PUT', `${book}ada.vcf`, {
      body: vcard('ada-uid', 'Ada', 'Lovelace'),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status).toBe(201);
    const edit = await dav(account, 'PUT', `${book}ada.vcf`, {
      body: vcard('ada-uid', 'Ada', 'Byron'),
      headers: { 'content-type': 'text/vcard', 'if-match': put.headers.get('etag')! },
    });
    expect(edit.status).toBe(204);
    expect((await dav(account, 'DELETE', `${book}ada.vcf`)).status).toBe(204);
    const [row] = await t.db
      .select({ id: schema.appPasswords.id })
      .from(schema.appPasswords)
      .where(eq(schema.appPasswords.userId, account.userId));
    const phone = { via: 'carddav', appPasswordId: row!.id, appPasswordName: 'Test phone' };
    const [contact] = await t.db
      .select({ id: schema.contactVersions.contactId })
      .from(schema.contactVersions)
      .where(eq(schema.contactVersions.userId, account.userId));
    expect(await sources(contact!.id)).toEqual([phone, phone, phone]);
  });

  it('a card vdirsyncer uploads as carddav, with the app password', async () => {
    const account = await davAccount(t);
    const pair = await syncedFolder(account);
    pair.write('grace.vcf', vcard('grace-uid', 'Grace', 'Hopper'));
    await pair.sync();
    const { items } = await account.caller.contacts.list({ limit: 10 });
    expect(items.map((c) => c.givenName)).toEqual(['Grace']);
    expect(await sources(items[0]!.id)).toEqual([
      expect.objectContaining({ via: 'carddav', appPasswordName: 'Test phone' }),
    ]);
    pair.close();
  });

  it('labels given, taken, renamed and deleted', async () => {
    const caller = await signedInCaller(t);
    const ada = await makeContact(caller, { givenName: 'Ada' });
    const label = await makeLabel(caller, 'Friends', [ada.id]);
    await caller.labels.unassign({ labelId: label.id, contactIds: [ada.id] });
    await caller.labels.assign({ labelId: label.id, contactIds: [ada.id] });
    // A rename moves Ada's revision only: her history records nothing, the label's does.
    await caller.labels.rename({ id: label.id, name: 'Family' });
    await caller.labels.delete({ id: label.id });
    expect(await sources(ada.id)).toEqual([API, API, API, API, API]);
    expect(await labelSources(label.id)).toEqual([API, API, API]);
    // The version before the delete names the label as it was then.
    const history = await caller.history.contact({ contactId: ada.id });
    expect(history.entries[0]!.previous!.labels).toEqual([{ id: label.id, name: 'Family' }]);
    expect(history.entries[0]!.card.labels).toEqual([]);
  });

  it('the Trash, the star and keep in touch as the caller, retention as retention', async () => {
    const caller = await signedInCaller(t);
    const ada = await makeContact(caller, { givenName: 'Ada' });
    await caller.favorites.set({ id: ada.id, isFavorite: true });
    await caller.keepInTouch.set({ contactId: ada.id, interval: 'month' });
    await caller.trash.add({ id: ada.id });
    await caller.trash.recover({ id: ada.id });
    expect(await sources(ada.id)).toEqual([API, API, API, API, API]);

    // Trashed 31 days ago (the clock moved back for the Trash), deleted for good by retention.
    const bob = await makeContact(caller, { givenName: 'Bob' });
    t.advanceClock(-31 * DAY);
    try {
      await caller.trash.add({ id: bob.id });
    } finally {
      t.advanceClock(31 * DAY);
    }
    await runRetention(t.deps, t.now());
    expect(await sources(bob.id)).toEqual([API, API, { via: 'retention' }]);
  });
});
