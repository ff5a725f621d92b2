/**
 * The card corpus (apps/server/test-fixtures/vcards) over CardDAV: the card is the record
 * (docs/card-is-the-record.md). Every real vCard 3.0 and 4.0 card in UTF-8 is stored (201) and
 * comes back with GET octet for octet, with the ETag its PUT answered; an edit of one field
 * in Kith changes that field's properties only; asked in the other version, it comes back
 * converted, as a vCard ical.js reads, with an ETag of its own. A card in another encoding,
 * sent with its charset, is stored as its text and served in UTF-8. Imported from a
 * file, a card is exported again as the file held it.
 */
import { DOMParser } from '@xmldom/xmldom';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCards, unfoldLines, type CorpusCard } from '../test-support/card-corpus';
import { davAccount, type DavAccount } from '../test-support/dav-helpers';
import { makeImport, nameOf, signedInCaller } from '../test-support/test-caller';
import { createTestApp, type TestApp } from '../test-support/test-app';

const cards = corpusCards().filter((card) => card.version === '3.0' || card.version === '4.0');

let t: TestApp;
let account: DavAccount;
/** A second account, so a card PUT again for the edit tests keeps its UID to itself. */
let editor: DavAccount;

beforeAll(async () => {
  t = await createTestApp();
  account = await davAccount(t);
  editor = await davAccount(t, 'Grace Hopper');
});

afterAll(async () => {
  await t.close();
});

describe('the card corpus over CardDAV', () => {
  it('refuses a card whose bytes are not its charset with 415 and the reason, never mojibake', async () => {
    const latin1 = Buffer.from(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Crème Brûlée\r\nEND:VCARD\r\n',
      'latin1',
    );
    const url = new URL(`/dav/addressbooks/${account.userId}/contacts/latin1.vcf`, account.baseUrl);
    const res = await putCard(url, latin1);
    expect(res.status).toBe(415);
    const answer = await res.text();
    expectDavError(answer);
    expect(answer).toContain('not valid utf-8');
    expect((await putCard(url, latin1, account, 'iso-8859-1')).status).toBe(201);
    const get = await fetch(url, { headers: { authorization: account.authorization } });
    expect(await get.text()).toContain('FN:Crème Brûlée');
  });

  it('holds the committed cards at least', () => {
    expect(cards.filter((card) => card.project === 'kith').length).toBeGreaterThanOrEqual(9);
  });

  it.each(cards)('$id: stored, it comes back octet for octet', async (card) => {
    const url = cardUrl(card);
    const put = await putCard(url, card.bytes, account, card.encoding);
    const answer = await put.text();
    expect(put.status, answer).toBe(201);
    if (card.encoding !== 'utf-8') {
      // Read in the charset it was sent in, and served as UTF-8: the same text.
      const get = await fetch(url, { headers: { authorization: account.authorization } });
      expect((await get.text()).replace(/^\uFEFF/, '')).toBe(card.text.replace(/^\uFEFF/, ''));
      return;
    }

    const get = await fetch(url, { headers: { authorization: account.authorization } });
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer()).equals(card.bytes)).toBe(true);
    expect(get.headers.get('etag')).toBe(put.headers.get('etag'));
    expect(get.headers.get('content-type')).toContain(`version=${card.version}`);

    // The other version is a conversion, with its own ETag, that a maintained parser reads.
    const other = card.version === '3.0' ? '4.0' : '3.0';
    const converted = await fetch(url, {
      headers: { authorization: account.authorization, accept: `text/vcard; version=${other}` },
    });
    const text = await converted.text();
    expect(converted.headers.get('etag')).not.toBe(put.headers.get('etag'));
    const vcard = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(vcard.getFirstPropertyValue('version')).toBe(other);
    if (card.uid) expect(vcard.getFirstPropertyValue('uid')).toBe(card.uid);
  });

  it('lists every card with the ETag and version its GET answers, PROPFIND and sync-collection alike', async () => {
    // A listing reads a card's version in the database, where a GET reads it from the text:
    // both must agree on every card, and on cards whose VERSION line is written unusually.
    const unusual = [
      'BEGIN:VCARD\nversion:4.0\nFN:Lower Case\nUID:lower-case\nEND:VCARD\n',
      'BEGIN:VCARD\r\nFN:Late Version\r\nUID:late-version\r\nVERSION:4.0  \r\nEND:VCARD\r\n',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:VERSION:4.0 is named here\r\nFN:Three\r\nUID:three\r\nEND:VCARD\r\n',
    ];
    for (const [i, text] of unusual.entries()) {
      const url = new URL(
        `/dav/addressbooks/${account.userId}/contacts/unusual-${i}.vcf`,
        account.baseUrl,
      );
      const put = await putCard(url, Buffer.from(text));
      expect(put.status, await put.text()).toBe(201);
    }
    const book = new URL(`/dav/addressbooks/${account.userId}/contacts/`, account.baseUrl);
    const listings = [
      await davXml(
        book,
        'PROPFIND',
        '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontenttype/></d:prop></d:propfind>',
      ),
      await davXml(
        book,
        'REPORT',
        '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><d:getcontenttype/></d:prop></d:sync-collection>',
      ),
    ];
    for (const listing of listings) {
      const cardsListed = [...listing].filter(([href]) => href.endsWith('.vcf'));
      const hrefs = cardsListed.map(([href]) => href);
      expect(hrefs).toEqual(expect.arrayContaining(cards.map((card) => cardUrl(card).pathname)));
      expect(hrefs.filter((href) => href.includes('/unusual-'))).toHaveLength(unusual.length);
      for (const [href, listed] of cardsListed) {
        const get = await fetch(new URL(href, account.baseUrl), {
          headers: { authorization: account.authorization },
        });
        expect(listed.etag, href).toBe(get.headers.get('etag'));
        expect(listed.contentType, href).toBe(get.headers.get('content-type'));
      }
    }
  });

  it.each(cards.filter((card) => card.encoding === 'utf-8'))(
    '$id: a note written in Kith changes the NOTE only',
    async (card) => {
      const url = cardUrl(card, editor);
      expect((await putCard(url, card.bytes, editor)).status).toBe(201);
      const stored = await t.db.query.contacts.findFirst({
        where: (c, { and, eq }) =>
          and(eq(c.userId, editor.userId), eq(c.davName, url.pathname.split('/').at(-1)!)),
      });
      const note = 'Met at the conference, 2026.';
      await editor.caller.contacts.update({ id: stored!.id, note });
      const get = await fetch(url, { headers: { authorization: editor.authorization } });
      const before = unfoldLines(card.text);
      const after = unfoldLines(await get.text());
      const isNote = (line: string) => /^([A-Za-z0-9-]+\.)?NOTE[;:]/i.test(line);
      expect(after.filter((line) => !isNote(line))).toEqual(before.filter((line) => !isNote(line)));
      // The note is the card's first NOTE; any other NOTE stays as it was.
      expect(after.filter(isNote)).toEqual([
        `NOTE:${note.replace(/,/g, '\\,')}`,
        ...before.filter(isNote).slice(1),
      ]);
    },
  );

  it.each(cards.filter((card) => card.encoding === 'utf-8'))(
    '$id: imported from a file and exported again, it is the card as the file held it',
    async (card) => {
      const importer = await signedInCaller(t);
      const { preview } = await makeImport(importer, card.text);
      expect(preview.contacts, JSON.stringify(preview.problems)).toHaveLength(1);
      const file = await importer.contacts.export({
        format: card.version === '3.0' ? 'vcf3' : 'vcf',
      });
      expect(file.content).toBe(card.text);
    },
  );
});

describe('FN as a card or a file wrote it', () => {
  it('keeps a display name that is not the name (Google CSV, vCard 2.1) and follows an edited name', async () => {
    const caller = await signedInCaller(t);
    const csv =
      'Name,Given Name,Family Name,Group Membership,E-mail 1 - Type,E-mail 1 - Value\r\n' +
      'Grandma,Margaret,Smith,* myContacts,* Home,m@example.com\r\n';
    const v21 =
      'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Jones;Robert\r\nFN:Uncle Bob\r\nTEL:555 0100\r\nEND:VCARD\r\n';
    for (const content of [csv, v21]) await makeImport(caller, content);
    const exported = async () =>
      (await caller.contacts.export({ format: 'vcf' })).content.replace(/\r\n /g, '');
    const before = await exported();
    expect(before).toContain('\r\nFN:Grandma\r\nN:Smith;Margaret;;;\r\n');
    expect(before).toContain('\r\nFN:Uncle Bob\r\nN:Jones;Robert;;;\r\n');
    // The screen's name is still made of the parts.
    const { items } = await caller.contacts.list({ limit: 10 });
    expect(items.map(nameOf).sort()).toEqual(['Margaret Smith', 'Robert Jones']);

    // A note edited keeps FN; the name edited makes FN the whole name again.
    const grandma = items.find((c) => nameOf(c) === 'Margaret Smith')!;
    await caller.contacts.update({ id: grandma.id, note: 'Sunday lunch' });
    expect(await exported()).toContain('\r\nFN:Grandma\r\n');
    await caller.contacts.update({ id: grandma.id, familyName: 'Smythe' });
    expect(await exported()).toContain('\r\nFN:Margaret Smythe\r\nN:Smythe;Margaret;;;\r\n');
  });
});

describe('a stand-in name', () => {
  it('names a nameless contact on the screen only: the cards Kith writes carry no invented name', async () => {
    const caller = await signedInCaller(t);
    const csv =
      'Name,Given Name,Family Name,Group Membership,Phone 1 - Type,Phone 1 - Value\r\n' +
      ',,,* myContacts,Mobile,+43 660 1111111\r\n';
    await makeImport(caller, csv);
    const [contact] = (await caller.contacts.list({ limit: 10 })).items;
    expect(nameOf(contact!)).toBe('+43 660 1111111');
    const card = (await caller.contacts.export({ format: 'vcf3' })).content;
    expect(card).toContain('\r\nFN:\r\nN:;;;;\r\n');
    expect(card).toContain('TEL;TYPE=cell:+43 660 1111111');
    // Named in Kith, the name is the card's.
    await caller.contacts.update({ id: contact!.id, givenName: 'Hedy', familyName: 'Lamarr' });
    expect((await caller.contacts.export({ format: 'vcf3' })).content).toContain(
      '\r\nFN:Hedy Lamarr\r\nN:Lamarr;Hedy;;;\r\n',
    );
  });
});

function cardUrl(card: CorpusCard, owner = account): URL {
  return new URL(
    `/dav/addressbooks/${owner.userId}/contacts/${card.id.replace(/[^A-Za-z0-9]+/g, '-')}.vcf`,
    owner.baseUrl,
  );
}

function putCard(url: URL, bytes: Buffer, owner = account, charset = 'utf-8'): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    headers: {
      authorization: owner.authorization,
      'content-type': `text/vcard; charset=${charset}`,
      'if-none-match': '*',
    },
    body: new Uint8Array(bytes),
  });
}

/** A Multi-Status answer's responses: each href's getetag and getcontenttype. */
async function davXml(
  url: URL,
  method: string,
  body: string,
): Promise<Map<string, { etag: string | null; contentType: string | null }>> {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: account.authorization,
      depth: '1',
      'content-type': 'application/xml',
    },
    body,
  });
  expect(res.status).toBe(207);
  const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
  const found = new Map<string, { etag: string | null; contentType: string | null }>();
  for (const response of Array.from(doc.getElementsByTagNameNS('DAV:', 'response'))) {
    const text = (name: string) =>
      response.getElementsByTagNameNS('DAV:', name)[0]?.textContent ?? null;
    found.set(text('href')!, { etag: text('getetag'), contentType: text('getcontenttype') });
  }
  return found;
}

function expectDavError(answer: string) {
  const error = new DOMParser().parseFromString(answer, 'application/xml').documentElement;
  expect(error?.namespaceURI).toBe('DAV:');
  expect(error?.localName).toBe('error');
}
