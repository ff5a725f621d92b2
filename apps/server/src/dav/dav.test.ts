import { createDAVClient } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { dav, davAccount, vcard, type DavAccount } from '../test-support/dav-helpers';
import { nameOf } from '../test-support/test-caller';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tsdavClient(account: DavAccount) {
  return createDAVClient({
    serverUrl: account.baseUrl,
    credentials: { username: account.email, password: account.password },
    authMethod: 'Basic',
    defaultAccountType: 'carddav',
  });
}

describe('CardDAV with tsdav', () => {
  it('discovers the book, creates, reads, updates, syncs and deletes cards', async () => {
    const account = await davAccount(t);
    await account.caller.contacts.create({
      givenName: 'Grace',
      familyName: 'Hopper',
      phones: [{ value: '+1 555 0100', type: '' }],
    });
    const client = await tsdavClient(account);
    const books = await client.fetchAddressBooks();
    expect(books).toHaveLength(1);
    const book = books[0]!;
    expect(book.displayName).toBe('Contacts');
    expect(book.url).toBe(`${account.baseUrl}/dav/addressbooks/${account.userId}/contacts/`);

    const first = await client.fetchVCards({ addressBook: book });
    expect(first).toHaveLength(1);
    expect(first[0]!.data).toContain('FN:Grace Hopper');
    expect(first[0]!.data).toContain('TEL');

    const created = await client.createVCard({
      addressBook: book,
      filename: 'alan.vcf',
      vCardString: vcard('alan-uid', 'Alan', 'Turing', [
        'EMAIL;TYPE=WORK:alan@example.org',
        'X-CUSTOM-THING:kept',
      ]),
    });
    expect(created.status).toBe(201);
    const contacts = await account.caller.contacts.list({});
    expect(contacts.items.map(nameOf).sort()).toEqual(['Alan Turing', 'Grace Hopper']);

    const dirty = await client.isCollectionDirty({ collection: { ...book, ctag: book.ctag } });
    expect(dirty.isDirty).toBe(true);

    const [alan] = await client.fetchVCards({
      addressBook: book,
      objectUrls: [`${book.url}alan.vcf`],
    });
    expect(alan!.data).toContain('UID:alan-uid');
    expect(alan!.data).toContain('X-CUSTOM-THING:kept');
    expect(alan!.data).toContain('alan@example.org');

    const updated = await client.updateVCard({
      vCard: { url: alan!.url, etag: alan!.etag, data: alan!.data.replaceAll('Alan', 'Alan M.') },
    });
    expect(updated.status).toBe(204);
    const stale = await client.updateVCard({
      vCard: { url: alan!.url, etag: alan!.etag, data: alan!.data },
    });
    expect(stale.status).toBe(412);

    const sync = await client.syncCollection({
      url: book.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: book.syncToken as string,
    });
    expect(sync.filter((r) => r.href?.endsWith('alan.vcf'))).toHaveLength(1);

    const removed = await client.deleteVCard({ vCard: { url: `${book.url}alan.vcf`, etag: '' } });
    expect(removed.status).toBe(204);
    const trash = await account.caller.trash.list({});
    expect(trash.items.map(nameOf)).toEqual(['Alan M. Turing']);
  });
});

describe('CardDAV refusals', () => {
  it('asks for credentials, and never takes the account password', async () => {
    const account = await davAccount(t);
    const none = await fetch(`${account.baseUrl}/dav/`, { method: 'PROPFIND' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const withAccountPassword = await dav(
      {
        ...account,
        authorization: `Basic ${Buffer.from(`${account.email}:kith-harbour-42`).toString('base64')}`,
      },
      'PROPFIND',
      '/dav/',
    );
    expect(withAccountPassword.status).toBe(401);
  });

  it('answers another account’s book 404, as a missing one', async () => {
    const ana = await davAccount(t);
    const bob = await davAccount(t);
    const other = await dav(ana, 'PROPFIND', `/dav/addressbooks/${bob.userId}/contacts/`, {
      headers: { depth: '1' },
    });
    expect(other.status).toBe(404);
    const put = await dav(ana, 'PUT', `/dav/addressbooks/${bob.userId}/contacts/x.vcf`, {
      body: vcard('x', 'Eve', 'Intruder'),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status).toBe(404);
  });

  it('refuses XML with a DOCTYPE or entities, and malformed XML, with 400', async () => {
    const account = await davAccount(t);
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&x;</d:displayname></d:prop></d:propfind>`;
    const refused = await dav(account, 'PROPFIND', '/dav/', { body: xxe, headers: { depth: '0' } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('DOCTYPE');
    expect(refused.text).not.toContain('root:');
    const broken = await dav(account, 'PROPFIND', '/dav/', {
      body: '<d:propfind xmlns:d="DAV:"><d:prop>',
      headers: { depth: '0' },
    });
    expect(broken.status).toBe(400);
  });

  it('answers every odd request with a 4xx and a DAV:error, never a 500', async () => {
    const account = await davAccount(t);
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&lol2;</d:displayname></d:prop></d:propfind>`;
    const cases: [string, string, { body?: string; headers?: Record<string, string> }, number][] = [
      ['PROPFIND', '/dav/', { body: laughs }, 400],
      // Refused by Fastify's router before any DAV code runs: a plain 400.
      ['PROPFIND', `${book}%ZZ.vcf`, {}, 400],
      ['PROPFIND', '/dav/addressbooks/not-a-uuid/contacts/', {}, 404],
      ['PROPFIND', '/dav/', { body: '<d:propertyupdate xmlns:d="DAV:"/>' }, 400],
      ['MKCOL', `${book}sub/`, {}, 405],
      ['PUT', book, { body: 'x', headers: { 'content-type': 'text/vcard' } }, 405],
      ['PUT', `${book}a.vcf`, { body: '{}', headers: { 'content-type': 'application/json' } }, 415],
      ['DELETE', book, {}, 403],
      [
        'PUT',
        `${book}nul.vcf`,
        {
          body: vcard('nul', 'Nul', 'Byte', ['NOTE:a\u0000b']),
          headers: { 'content-type': 'text/vcard' },
        },
        400,
      ],
      ['DELETE', `${book}missing.vcf`, {}, 404],
      ['GET', `${book}missing.vcf`, {}, 404],
      ['REPORT', book, { body: '<d:expand-property xmlns:d="DAV:"/>' }, 403],
      ['REPORT', book, { body: '' }, 400],
      ['REPORT', `${book}x.vcf`, { body: '<d:sync-collection xmlns:d="DAV:"/>' }, 403],
      ['PROPPATCH', `${book}x.vcf`, { body: '<d:propertyupdate xmlns:d="DAV:"/>' }, 403],
    ];
    for (const [method, path, options, status] of cases) {
      const res = await dav(account, method, path, options);
      expect(res.status, `${method} ${path}`).toBe(status);
      if (!path.includes('%ZZ')) expect(res.text, `${method} ${path}`).toContain('DAV:');
    }
  });

  it('refuses vCard 2.1 and malformed cards, and an oversized body with 413', async () => {
    const account = await davAccount(t);
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const v21 = await dav(account, 'PUT', `${book}old.vcf`, {
      body: 'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Old;Card\r\nEND:VCARD\r\n',
      headers: { 'content-type': 'text/vcard' },
    });
    expect(v21.status).toBe(415);
    expect(v21.text).toContain('supported-address-data');
    expect(v21.text).toContain('2.1');
    const junk = await dav(account, 'PUT', `${book}junk.vcf`, {
      body: 'hello',
      headers: { 'content-type': 'text/vcard' },
    });
    expect(junk.status).toBe(403);
    expect(junk.text).toContain('valid-address-data');
    const huge = await dav(account, 'PUT', `${book}huge.vcf`, {
      body: vcard('huge', 'Big', 'Card', [`NOTE:${'x'.repeat(9 * 1024 * 1024)}`]),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(huge.status).toBe(413);
    expect(huge.text).toContain('max-resource-size');
  });

  it('refuses a second card with the same UID (no-uid-conflict)', async () => {
    const account = await davAccount(t);
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const headers = { 'content-type': 'text/vcard' };
    expect(
      (await dav(account, 'PUT', `${book}a.vcf`, { body: vcard('same', 'A', 'One'), headers }))
        .status,
    ).toBe(201);
    const clash = await dav(account, 'PUT', `${book}b.vcf`, {
      body: vcard('same', 'B', 'Two'),
      headers,
    });
    expect(clash.status).toBe(403);
    expect(clash.text).toContain('no-uid-conflict');
    expect(clash.text).toContain(`${book}a.vcf`);
  });

  it('answers an unknown sync token with valid-sync-token', async () => {
    const account = await davAccount(t);
    const res = await dav(account, 'REPORT', `/dav/addressbooks/${account.userId}/contacts/`, {
      body: '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>http://kith.app/ns/sync/99999999999</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>',
    });
    expect(res.status).toBe(403);
    expect(res.text).toContain('valid-sync-token');
  });
});

describe('revisions per account', () => {
  const bookOf = (account: DavAccount) => `/dav/addressbooks/${account.userId}/contacts/`;
  const headers = { 'content-type': 'text/vcard; charset=utf-8' };
  async function tokenOf(account: DavAccount): Promise<number> {
    const res = await dav(account, 'PROPFIND', bookOf(account), {
      headers: { depth: '0' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>',
    });
    return Number(/\/ns\/sync\/(\d+)</.exec(res.text)![1]);
  }

  it("number one account's changes on their own: another's writes do not show", async () => {
    const a = await davAccount(t, 'Ann Writer');
    const b = await davAccount(t, 'Ben Quiet');
    // Account A writes first, so a shared counter would start B's numbers above A's.
    for (let i = 0; i < 8; i++) {
      const res = await dav(a, 'PUT', `${bookOf(a)}a${i}.vcf`, {
        body: vcard(`a-${i}`, 'Ann', `Card${i}`),
        headers,
      });
      expect(res.status).toBe(201);
    }
    expect(await tokenOf(a)).toBe(8);
    const first = await dav(b, 'PUT', `${bookOf(b)}b.vcf`, {
      body: vcard('b-1', 'Ben', 'One'),
      headers,
    });
    expect(first.headers.get('etag')).toBe('"1"');
    expect(await tokenOf(b)).toBe(1);

    // More writes, edits and deletions in A leave B's token where it was...
    for (let i = 0; i < 4; i++) {
      await dav(a, 'PUT', `${bookOf(a)}a${i}.vcf`, {
        body: vcard(`a-${i}`, 'Ann', 'Edited'),
        headers,
      });
      await a.caller.contacts.create({
        givenName: 'Ann',
        familyName: `Web${i}`,
        phones: [{ value: '+1 555 0100', type: '' }],
      });
    }
    expect((await dav(a, 'DELETE', `${bookOf(a)}a7.vcf`)).status).toBe(204);
    expect(await tokenOf(b)).toBe(1);
    const aToken = await tokenOf(a);
    expect(aToken).toBeGreaterThanOrEqual(17);

    // ...and each account's own numbers still grow with each of its changes.
    const second = await dav(b, 'PUT', `${bookOf(b)}b.vcf`, {
      body: vcard('b-1', 'Ben', 'Two'),
      headers: { ...headers, 'if-match': '"1"' },
    });
    expect(second.headers.get('etag')).toBe('"2"');
    expect(await tokenOf(b)).toBe(2);
    expect((await dav(b, 'DELETE', `${bookOf(b)}b.vcf`)).status).toBe(204);
    expect(await tokenOf(b)).toBe(3);
    expect(await tokenOf(a)).toBe(aToken);
  });
});
