import { startSession } from '@kith/api';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dav, davAccount, vcard, type DavAccount } from '../test-support/dav-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, makeImage, makeLabel, type Caller } from '../test-support/test-caller';
import { syncedFolder } from '../test-support/vdirsyncer';

// "Undo changes" (docs/history.md#undo-changes) after the changes people fear most: a large
// import, a phone rewriting the book over CardDAV, a merge. The book comes back exactly: the
// data export ("Download my data": every card, photo and Trash entry) and the vCard export
// are the same bytes as before, and a phone syncing once has the same cards as before.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/**
 * What the person can download of their book: the data export's files (`account.json` left
 * out: it says when it was made) and the vCard export, photos as base64. Byte for byte.
 */
async function downloads(account: DavAccount): Promise<Record<string, string>> {
  const client = { userAgent: 'test', ipAddress: '127.0.0.1' };
  const { accessToken } = await startSession(
    t.deps.db,
    t.deps.keys,
    account.userId,
    client,
    t.now(),
  );
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/account/export',
    headers: { cookie: `access_token=${accessToken}` },
  });
  expect(res.statusCode).toBe(200);
  const files: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(res.rawPayload)))) {
    // What the export says of the history itself grows with every change, restores included.
    if (name === 'account.json' || name === 'history.json' || name.startsWith('photos/history/')) {
      continue;
    }
    const text = Buffer.from(bytes).toString(name.startsWith('photos/') ? 'base64' : 'utf8');
    // A photo's link is signed for a window of time; its bytes are compared in photos/.
    files[name] = text.replace(/\?exp=\d+&sig=[\w-]+/g, '?exp=&sig=');
  }
  const vcf = await account.caller.contacts.export({ format: 'vcf' });
  files['export.vcf'] = vcf.content;
  return files;
}

/** A moment between two writes: every earlier write recorded before it, no later one. */
async function moment(): Promise<Date> {
  await pause();
  const at = new Date();
  await pause();
  return at;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

/**
 * A lived-in book: contacts with photos, labels, a favourite, keep in touch, one in the Trash,
 * and two cards a phone sent (kept as sent, with properties Kith has no field for).
 */
async function livedInBook(account: DavAccount) {
  const c: Caller = account.caller;
  const ada = await makeContact(c, {
    givenName: 'Ada',
    familyName: 'Lovelace',
    emails: [{ value: 'ada@example.com', type: 'home' }],
    photo: await makeImage(c),
  });
  const bob = await makeContact(c, { givenName: 'Bob', familyName: 'Babbage' });
  const cy = await makeContact(c, {
    givenName: 'Cy',
    familyName: 'Young',
    photo: await makeImage(c),
    note: 'Met at the conference',
  });
  const dee = await makeContact(c, { givenName: 'Dee', familyName: 'Dee' });
  const old = await makeContact(c, { givenName: 'Old', familyName: 'Friend' });
  await makeLabel(c, 'Friends', [ada.id, bob.id]);
  await makeLabel(c, 'Work', [cy.id]);
  await c.favorites.set({ id: ada.id, isFavorite: true });
  await c.keepInTouch.set({ contactId: bob.id, interval: 'month' });
  await c.trash.add({ id: old.id });
  const book = `/dav/addressbooks/${account.userId}/contacts/`;
  for (const [file, card] of [
    ['eve.vcf', vcard('eve-uid', 'Eve', 'Online', ['X-SOCIAL:eve', 'CATEGORIES:Friends'])],
    ['fay.vcf', vcard('fay-uid', 'Fay', 'Phone', ['TEL;TYPE=CELL:+1 555 0199', 'ORG:Acme'])],
  ]) {
    const put = await dav(account, 'PUT', `${book}${file}`, {
      body: card,
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status).toBe(201);
  }
  return { ada, bob, cy, dee };
}

describe('Undo changes brings the book back exactly', () => {
  it('after a 1,000-contact import that also rewrote two contacts', async () => {
    const account = await davAccount(t);
    const { ada, bob } = await livedInBook(account);
    const phone = await syncedFolder(account);
    const phoneBefore = phone.cards();
    const before = await downloads(account);
    const at = await moment();

    const rows = Array.from({ length: 1000 }, (_, i) => `Person${i},Imported,p${i}@example.com`);
    const preview = await account.caller.imports.preview({
      content: `First Name,Last Name,E-mail 1 - Value\n${rows.join('\n')}\n`,
    });
    const importId = crypto.randomUUID();
    const [first, ...rest] = preview.contacts;
    await account.caller.imports.batch({
      importId,
      create: rest.slice(0, 499),
      update: [
        { contactId: ada.id, contact: first! },
        { contactId: bob.id, contact: first! },
      ],
    });
    await account.caller.imports.batch({ importId, create: rest.slice(499) });
    expect((await account.caller.contacts.list({ limit: 1 })).total).toBe(1005);

    const done = await account.caller.history.undoChanges({ at });
    expect(done).toMatchObject({ removed: 999, changed: 2, recreated: 0 });
    expect(await downloads(account)).toEqual(before);
    // The phone, which last synced before the import, syncs once: Ada and Bob come again,
    // as they were.
    await phone.sync();
    expect(phone.cards()).toEqual(phoneBefore);
    phone.close();
  }, 60_000);

  it('after a phone rewrote and deleted cards over CardDAV; another phone has its old cards after one sync', async () => {
    const account = await davAccount(t);
    await livedInBook(account);
    for (let i = 0; i < 4; i++) {
      await makeContact(account.caller, { givenName: `Friend${i}`, familyName: 'Many' });
    }
    const phone = await syncedFolder(account);
    const tablet = await syncedFolder(account);
    const tabletBefore = tablet.cards();
    expect(tabletBefore).toHaveLength(10);
    const before = await downloads(account);
    const at = await moment();

    // The phone rewrites every card's name, deletes two and adds one; one sync sends it all,
    // and the tablet syncs the damage.
    const files = [...phone.files()];
    for (const [file, text] of files) {
      phone.write(file, text.replace(/^FN:.*$/m, 'FN:Mangled').replace(/^N:.*$/m, 'N:Mangled;;;;'));
    }
    phone.remove(files[0]![0]);
    phone.remove(files[1]![0]);
    phone.write('new.vcf', vcard('new-uid', 'New', 'Card'));
    await phone.sync();
    await tablet.sync();
    const { items } = await account.caller.contacts.list({ limit: 100 });
    expect(items.filter((c) => c.familyName === 'Mangled')).toHaveLength(items.length - 1);

    await account.caller.history.undoChanges({ at });
    expect(await downloads(account)).toEqual(before);
    await tablet.sync();
    expect(tablet.cards()).toEqual(tabletBefore);
    // The phone that made the edits is not asked the same: vdirsyncer keeps, after its own
    // upload, the hash of the card as it was before, so a restore to exactly those bytes
    // looks unchanged to it (pimutils/vdirsyncer#1155); phones that go by the ETag see it.
    phone.close();
    tablet.close();
  }, 60_000);

  it('after a merge', async () => {
    const account = await davAccount(t);
    const { ada, cy } = await livedInBook(account);
    const copy = await makeContact(account.caller, {
      givenName: 'Ada',
      familyName: 'King',
      emails: [{ value: 'ada@example.com', type: 'work' }],
    });
    const phone = await syncedFolder(account);
    const phoneBefore = phone.cards();
    const before = await downloads(account);
    const at = await moment();

    await account.caller.contacts.merge({
      keepId: ada.id,
      mergeIds: [copy.id, cy.id],
      take: { photo: cy.id, name: copy.id },
    });
    await phone.sync();
    expect(phone.cards()).toHaveLength(phoneBefore.length - 2);
    await account.caller.history.undoChanges({ at });
    expect(await downloads(account)).toEqual(before);
    await phone.sync();
    expect(phone.cards()).toEqual(phoneBefore);
    phone.close();
  }, 30_000);
});
