import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { dav, davAccount, type DavAccount } from '../test-support/dav-helpers';

// Writes of many rows in one statement (an import, a label given to many contacts) take
// their revisions per statement (docs/decisions/0019-revisions-taken-per-statement.md): what
// a syncing client sees must be what it saw when each row took its own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAV = 'DAV:';
const book = (a: DavAccount) => `/dav/addressbooks/${a.userId}/contacts/`;

/** The hrefs and ETags a sync-collection report answers, in order, and its new token. */
async function syncSince(account: DavAccount, token: string) {
  const res = await dav(account, 'REPORT', book(account), {
    headers: { depth: '0' },
    body: `<?xml version="1.0" encoding="UTF-8"?><sync-collection xmlns="DAV:"><sync-token>${token}</sync-token><sync-level>1</sync-level><prop><getetag/></prop></sync-collection>`,
  });
  expect(res.status).toBe(207);
  const doc = new DOMParser().parseFromString(res.text, 'application/xml');
  const responses = doc.getElementsByTagNameNS(DAV, 'response');
  const listed: { href: string; etag: string | null }[] = [];
  for (let i = 0; i < responses.length; i++) {
    const response = responses[i] as XmlElement;
    listed.push({
      href: response.getElementsByTagNameNS(DAV, 'href')[0]!.textContent!,
      etag: response.getElementsByTagNameNS(DAV, 'getetag')[0]?.textContent ?? null,
    });
  }
  return { listed, token: doc.getElementsByTagNameNS(DAV, 'sync-token')[0]!.textContent! };
}

async function currentToken(account: DavAccount): Promise<string> {
  const res = await dav(account, 'PROPFIND', book(account), {
    headers: { depth: '0' },
    body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><sync-token/></prop></propfind>',
  });
  return /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(res.text)![1]!;
}

const hrefsOf = (listed: { href: string }[]) => listed.map((l) => l.href);

describe('many rows in one statement', () => {
  it('a 500-contact import batch: each card listed once since the token, then nothing', async () => {
    const account = await davAccount(t);
    const before = await currentToken(account);
    const rows = Array.from({ length: 500 }, (_, i) => `Person${i},Bulk,Club ::: * myContacts`);
    const preview = await account.caller.imports.preview({
      content: `First Name,Last Name,Labels\n${rows.join('\n')}\n`,
    });
    await account.caller.imports.batch({ importId: crypto.randomUUID(), create: preview.contacts });

    const { listed, token } = await syncSince(account, before);
    const hrefs = hrefsOf(listed);
    // 500 cards, each exactly once, each with an ETag of its own (a client that does not ask
    // for group cards is shown no label's).
    expect(hrefs).toHaveLength(500);
    expect(new Set(hrefs).size).toBe(500);
    expect(new Set(listed.map((l) => l.etag)).size).toBe(500);
    const contacts = (await account.caller.contacts.list({ limit: null })).items;
    expect(contacts).toHaveLength(500);
    for (const contact of contacts) {
      expect(hrefs).toContain(`${book(account)}${contact.id}.vcf`);
    }
    expect((await syncSince(account, token)).listed).toEqual([]);
  });

  it('a label given to 300 contacts at once: every card gets a new ETag and is listed once, with the label in it', async () => {
    const account = await davAccount(t);
    const empty = await currentToken(account);
    const rows = Array.from({ length: 300 }, (_, i) => `Person${i},Later,p${i}@example.com`);
    const preview = await account.caller.imports.preview({
      content: `First Name,Last Name,E-mail 1 - Value\n${rows.join('\n')}\n`,
    });
    expect(preview.contacts).toHaveLength(300);
    await account.caller.imports.batch({ importId: crypto.randomUUID(), create: preview.contacts });
    const imported = await syncSince(account, empty);
    const etagsBefore = new Map(imported.listed.map((l) => [l.href, l.etag]));
    const before = imported.token;
    const ids = (await account.caller.contacts.list({ limit: null })).items.map((c) => c.id);
    const label = await account.caller.labels.create({ name: 'Team' });
    await account.caller.labels.assign({ labelId: label.id, contactIds: ids });

    const { listed, token } = await syncSince(account, before);
    const hrefs = hrefsOf(listed);
    expect(hrefs).toHaveLength(300);
    expect(new Set(hrefs).size).toBe(300);
    for (const id of ids) {
      const href = `${book(account)}${id}.vcf`;
      const now = listed.find((l) => l.href === href);
      expect(now?.etag).toBeTruthy();
      expect(now!.etag).not.toBe(etagsBefore.get(href));
    }
    const card = await dav(account, 'GET', `${book(account)}${ids[0]}.vcf`);
    expect(card.text).toContain('CATEGORIES:Team');
    expect((await syncSince(account, token)).listed).toEqual([]);
  });
});
