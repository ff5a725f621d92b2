/**
 * The card corpus (apps/server/test-fixtures/vcards) over CardDAV: what already holds for
 * every real vCard 3.0 and 4.0 card and must keep holding. A PUT is answered, never with a
 * server error: a card is stored (201 or 204) or refused with a 4xx and a DAV:error body; a
 * stored card reads back with GET as a vCard a maintained parser (ical.js) reads, with the
 * UID it was sent with. How far a card comes back unchanged is measured, not tested, by
 * `pnpm bench:cards`.
 */
import { DOMParser } from '@xmldom/xmldom';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCards } from './card-corpus';
import { davAccount, type DavAccount } from './dav-helpers';
import { createTestApp, type TestApp } from './test-app';

const cards = corpusCards().filter((card) => card.version === '3.0' || card.version === '4.0');

let t: TestApp;
let account: DavAccount;

beforeAll(async () => {
  t = await createTestApp();
  account = await davAccount(t);
});

afterAll(async () => {
  await t.close();
});

describe('the card corpus over CardDAV', () => {
  it('holds the committed cards at least', () => {
    expect(cards.filter((card) => card.project === 'kith').length).toBeGreaterThanOrEqual(9);
  });

  it.each(cards)('$id: answered below 500; stored, it reads back with its UID', async (card) => {
    const url = new URL(
      `/dav/addressbooks/${account.userId}/contacts/${card.id.replace(/[^A-Za-z0-9]+/g, '-')}.vcf`,
      account.baseUrl,
    );
    const put = await fetch(url, {
      method: 'PUT',
      headers: {
        authorization: account.authorization,
        'content-type': 'text/vcard; charset=utf-8',
        'if-none-match': '*',
      },
      body: new Uint8Array(card.bytes),
    });
    const answer = await put.text();
    expect(put.status, answer).toBeLessThan(500);
    if (put.status >= 400) {
      const error = new DOMParser().parseFromString(answer, 'application/xml').documentElement;
      expect(error?.namespaceURI).toBe('DAV:');
      expect(error?.localName).toBe('error');
      return;
    }
    expect([201, 204]).toContain(put.status);

    const get = await fetch(url, {
      headers: {
        authorization: account.authorization,
        accept: `text/vcard; version=${card.version}`,
      },
    });
    expect(get.status).toBe(200);
    const text = await get.text();
    const vcard = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(vcard.name).toBe('vcard');
    if (card.uid) expect(vcard.getFirstPropertyValue('uid')).toBe(card.uid);
  });
});
