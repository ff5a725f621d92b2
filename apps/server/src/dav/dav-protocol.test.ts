import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { dav, davAccount, vcard, type DavAccount } from '../test-support/dav-helpers';
import { nameOf } from '../test-support/test-caller';
import { jpegWithGps } from '../test-support/test-images';

// The requests stock clients send (as sabre/dav's and DAVx5's documentation lists them), and
// what a person notices of a card's round trip: every property kept, the photo cleaned, the
// star and labels, the Trash, and sync tokens.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAV = 'DAV:';
const CARD = 'urn:ietf:params:xml:ns:carddav';
const CS = 'http://calendarserver.org/ns/';

/** A Multi-Status body as `{href -> {status -> ['{ns}name' -> text]}}`. */
function multistatus(text: string) {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const out = new Map<string, Map<number, Map<string, string>>>();
  const responses = doc.getElementsByTagNameNS(DAV, 'response');
  for (let i = 0; i < responses.length; i++) {
    const response = responses[i] as XmlElement;
    const href = response.getElementsByTagNameNS(DAV, 'href')[0]!.textContent!;
    const byStatus = new Map<number, Map<string, string>>();
    const propstats = response.getElementsByTagNameNS(DAV, 'propstat');
    for (let j = 0; j < propstats.length; j++) {
      const propstat = propstats[j] as XmlElement;
      const status = Number(
        / (\d{3}) /.exec(propstat.getElementsByTagNameNS(DAV, 'status')[0]!.textContent!)![1],
      );
      const props = new Map<string, string>();
      const prop = propstat.getElementsByTagNameNS(DAV, 'prop')[0]!;
      for (let node = prop.firstChild; node; node = node.nextSibling) {
        if (node.nodeType !== 1) continue;
        const el = node as XmlElement;
        props.set(`{${el.namespaceURI}}${el.localName}`, el.textContent ?? '');
      }
      byStatus.set(status, props);
    }
    if (propstats.length === 0) {
      const status = response.getElementsByTagNameNS(DAV, 'status')[0]?.textContent ?? '';
      byStatus.set(Number(/ (\d{3}) /.exec(status)![1]), new Map());
    }
    out.set(href, byStatus);
  }
  const token = doc.getElementsByTagNameNS(DAV, 'sync-token')[0]?.textContent ?? null;
  return { responses: out, token };
}

const book = (a: DavAccount) => `/dav/addressbooks/${a.userId}/contacts/`;
const put = (a: DavAccount, name: string, body: string, headers: Record<string, string> = {}) =>
  dav(a, 'PUT', `${book(a)}${name}`, {
    body,
    headers: { 'content-type': 'text/vcard; charset=utf-8', ...headers },
  });

describe('what iOS and macOS send', () => {
  it('discovers through the well-known address and the principal', async () => {
    const account = await davAccount(t);
    const wellKnown = await dav(account, 'PROPFIND', '/.well-known/carddav', {
      headers: { depth: '0', 'user-agent': 'iOS/18.1 (22B83) dataaccessd/1.0' },
      body: '<?xml version="1.0" encoding="UTF-8"?>\n<A:propfind xmlns:A="DAV:"><A:prop><A:current-user-principal/><A:principal-URL/><A:resourcetype/></A:prop></A:propfind>',
    });
    expect(wellKnown.status).toBe(301);
    expect(wellKnown.headers.get('location')).toBe('/dav/');
    const root = multistatus(
      (
        await dav(account, 'PROPFIND', '/dav/', {
          headers: { depth: '0' },
          body: '<?xml version="1.0" encoding="UTF-8"?>\n<A:propfind xmlns:A="DAV:"><A:prop><A:current-user-principal/><A:principal-URL/><A:resourcetype/></A:prop></A:propfind>',
        })
      ).text,
    );
    const principal = `/dav/principals/${account.userId}/`;
    expect(root.responses.get('/dav/')!.get(200)!.get(`{${DAV}}current-user-principal`)).toBe(
      principal,
    );

    const res = await dav(account, 'PROPFIND', principal, {
      headers: { depth: '0' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<A:propfind xmlns:A="DAV:"><A:prop><B:addressbook-home-set xmlns:B="${CARD}"/><B:directory-gateway xmlns:B="${CARD}"/><A:displayname/><C:email-address-set xmlns:C="${CS}"/><A:principal-collection-set/><A:principal-URL/><A:resource-id/><A:supported-report-set/></A:prop></A:propfind>`,
    });
    expect(res.status).toBe(207);
    const props = multistatus(res.text).responses.get(principal)!;
    expect(props.get(200)!.get(`{${CARD}}addressbook-home-set`)).toBe(
      `/dav/addressbooks/${account.userId}/`,
    );
    expect(props.get(200)!.get(`{${DAV}}displayname`)).toBe('Ada Lovelace');
    expect([...props.get(404)!.keys()]).toContain(`{${CARD}}directory-gateway`);
  });

  it('reads the home with Depth 1: the book with its ctag, sync token, limits, privileges and quota', async () => {
    const account = await davAccount(t);
    const home = `/dav/addressbooks/${account.userId}/`;
    const res = await dav(account, 'PROPFIND', home, {
      headers: { depth: '1' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<A:propfind xmlns:A="DAV:"><A:prop><A:add-member/><C:bulk-requests xmlns:C="http://me.com/_namespace/"/><A:current-user-privilege-set/><A:displayname/><B:max-image-size xmlns:B="${CARD}"/><B:max-resource-size xmlns:B="${CARD}"/><C:me-card xmlns:C="${CS}"/><A:owner/><C:push-transports xmlns:C="${CS}"/><C:pushkey xmlns:C="${CS}"/><A:quota-available-bytes/><A:quota-used-bytes/><A:resource-id/><A:resourcetype/><A:supported-report-set/><A:sync-token/><C:getctag xmlns:C="${CS}"/></A:prop></A:propfind>`,
    });
    expect(res.status).toBe(207);
    const found = multistatus(res.text).responses.get(book(account))!.get(200)!;
    expect(found.get(`{${DAV}}displayname`)).toBe('Contacts');
    expect(found.get(`{${DAV}}sync-token`)).toMatch(/^http:\/\/kith\.app\/ns\/sync\/\d+$/);
    expect(found.get(`{${CS}}getctag`)).toBe(found.get(`{${DAV}}sync-token`));
    expect(Number(found.get(`{${CARD}}max-resource-size`))).toBeGreaterThan(1_000_000);
    expect(Number(found.get(`{${CARD}}max-image-size`))).toBeGreaterThan(100_000);
    expect(Number(found.get(`{${DAV}}quota-available-bytes`))).toBeGreaterThan(0);
    expect(found.get(`{${DAV}}quota-used-bytes`)).toMatch(/^\d+$/);
    expect(res.text).toContain('<d:write/>');
    expect(res.text).toContain('<card:addressbook-multiget/>');
    expect(res.text).toContain('<d:sync-collection/>');
  });

  it('sets the book’s name and the person’s own card with PROPPATCH, as macOS does', async () => {
    const account = await davAccount(t);
    expect((await put(account, 'me.vcf', vcard('me', 'Ada', 'Lovelace'))).status).toBe(201);
    const res = await dav(account, 'PROPPATCH', book(account), {
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<A:propertyupdate xmlns:A="DAV:"><A:set><A:prop><A:displayname>Family</A:displayname><B:me-card xmlns:B="${CS}"><A:href>${book(account)}me.vcf</A:href></B:me-card></A:prop></A:set></A:propertyupdate>`,
    });
    expect(res.status).toBe(207);
    expect(multistatus(res.text).responses.get(book(account))!.get(200)!.size).toBe(2);
    const after = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '0' } })).text,
    )
      .responses.get(book(account))!
      .get(200)!;
    expect(after.get(`{${DAV}}displayname`)).toBe('Family');
    expect(after.get(`{${CS}}me-card`)).toBe(`${book(account)}me.vcf`);

    const refused = await dav(account, 'PROPPATCH', book(account), {
      body: '<?xml version="1.0"?><A:propertyupdate xmlns:A="DAV:"><A:set><A:prop><A:displayname>Nope</A:displayname><A:getetag>x</A:getetag></A:prop></A:set></A:propertyupdate>',
    });
    const statuses = multistatus(refused.text).responses.get(book(account))!;
    expect([...statuses.get(403)!.keys()]).toEqual([`{${DAV}}getetag`]);
    expect([...statuses.get(424)!.keys()]).toEqual([`{${DAV}}displayname`]);
  });
});

describe('what DAVx5 sends', () => {
  it('syncs with sync-collection and multiget, and a sync with no change is one request', async () => {
    const account = await davAccount(t);
    for (const name of ['a', 'b', 'c']) {
      expect(
        (await put(account, `${name}.vcf`, vcard(`uid-${name}`, name.toUpperCase(), 'Test')))
          .status,
      ).toBe(201);
    }
    const collection = await dav(account, 'PROPFIND', book(account), {
      headers: {
        depth: '0',
        'user-agent': 'DAVx5/4.4.3-ose (2024/10/01; dav4jvm; okhttp/4.12.0) Android/14',
      },
      body: `<?xml version="1.0" encoding="UTF-8"?><propfind xmlns="DAV:" xmlns:CARD="${CARD}" xmlns:CS="${CS}"><prop><CARD:max-resource-size/><CARD:supported-address-data/><supported-report-set/><CS:getctag/><sync-token/></prop></propfind>`,
    });
    const token = multistatus(collection.text)
      .responses.get(book(account))!
      .get(200)!
      .get(`{${DAV}}sync-token`)!;
    const sync = (syncToken: string) =>
      dav(account, 'REPORT', book(account), {
        headers: { depth: '0' },
        body: `<?xml version="1.0" encoding="UTF-8"?><sync-collection xmlns="DAV:"><sync-token>${syncToken}</sync-token><sync-level>1</sync-level><prop><getetag/></prop></sync-collection>`,
      });
    const initial = multistatus((await sync('')).text);
    expect(initial.responses.size).toBe(3);
    expect(initial.token).toBe(token);
    expect(multistatus((await sync(token)).text).responses.size).toBe(0);

    const multiget = await dav(account, 'REPORT', book(account), {
      headers: { depth: '0' },
      body: `<?xml version="1.0" encoding="UTF-8"?><CARD:addressbook-multiget xmlns="DAV:" xmlns:CARD="${CARD}"><prop><getetag/><CARD:address-data content-type="text/vcard" version="4.0"/></prop><href>${book(account)}a.vcf</href><href>${book(account)}gone.vcf</href></CARD:addressbook-multiget>`,
    });
    const got = multistatus(multiget.text).responses;
    expect(
      got
        .get(`${book(account)}a.vcf`)!
        .get(200)!
        .get(`{${CARD}}address-data`),
    ).toContain('VERSION:4.0');
    expect(got.get(`${book(account)}gone.vcf`)!.has(404)).toBe(true);

    // Changes since the token: one edited, one deleted (trashed).
    const [b] = (await account.caller.contacts.list({ limit: 10 })).items.filter(
      (c) => nameOf(c) === 'B Test',
    );
    await account.caller.contacts.update({ id: b!.id, familyName: 'Tested' });
    expect((await dav(account, 'DELETE', `${book(account)}c.vcf`)).status).toBe(204);
    const changes = multistatus((await sync(token)).text);
    expect(changes.responses.get(`${book(account)}b.vcf`)!.has(200)).toBe(true);
    expect(changes.responses.get(`${book(account)}c.vcf`)!.has(404)).toBe(true);
    expect(changes.responses.size).toBe(2);
  });
});

describe('sync-collection with DAV:limit (RFC 6578 §3.6)', () => {
  it('gives at most the limit, oldest change first, a 507 while more wait, and loses nothing', async () => {
    const account = await davAccount(t);
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      expect(
        (await put(account, `${name}.vcf`, vcard(name, name.toUpperCase(), 'Test'))).status,
      ).toBe(201);
    }
    const limited = (token: string, limit: number | string) =>
      dav(account, 'REPORT', book(account), {
        headers: { depth: '0' },
        body: `<?xml version="1.0" encoding="UTF-8"?><sync-collection xmlns="DAV:"><sync-token>${token}</sync-token><sync-level>1</sync-level><limit><nresults>${limit}</nresults></limit><prop><getetag/></prop></sync-collection>`,
      });
    const seen: string[] = [];
    let token = '';
    for (let round = 0; round < 10; round++) {
      const answer = (await limited(token, 2)).text;
      const page = multistatus(answer);
      const truncated = page.responses.get(book(account));
      const cards = [...page.responses.keys()].filter((href) => href !== book(account));
      expect(cards.length).toBeLessThanOrEqual(2);
      seen.push(...cards);
      token = page.token!;
      if (!truncated) break;
      expect(answer).toContain('<d:status>HTTP/1.1 507 Insufficient Storage</d:status>');
      expect(answer).toContain('<d:number-of-matches-within-limits/>');
    }
    expect(seen.map((href) => href.split('/').at(-1)).sort()).toEqual([
      'a.vcf',
      'b.vcf',
      'c.vcf',
      'd.vcf',
      'e.vcf',
    ]);
    // A change and a deletion after the last token come in the next page, nothing repeated.
    await dav(account, 'DELETE', `${book(account)}a.vcf`);
    expect((await put(account, 'f.vcf', vcard('f', 'F', 'Test'))).status).toBe(201);
    const next = multistatus((await limited(token, 10)).text);
    expect([...next.responses.keys()].sort()).toEqual([
      `${book(account)}a.vcf`,
      `${book(account)}f.vcf`,
    ]);
    expect(next.responses.get(`${book(account)}a.vcf`)!.has(404)).toBe(true);
    expect((await limited('', 'many')).status).toBe(400);
  });
});

describe('a card’s round trip', () => {
  it('keeps every property a client sent through a web edit, and serves the version asked for', async () => {
    const account = await davAccount(t);
    const card = vcard('round-1', 'Grace', 'Hopper', [
      'NICKNAME:Amazing Grace',
      'ORG:US Navy;Bureau of Ships',
      'TITLE:Rear Admiral',
      'item1.TEL:+1 555 0100',
      'item1.X-ABLabel:Boat',
      'TEL;TYPE=CELL:+1 555 0101',
      'EMAIL;TYPE=WORK:grace@navy.example',
      'ADR;TYPE=HOME:;;1 Main St;Arlington;VA;22201;USA',
      'BDAY:1906-12-09',
      'X-SOCIALPROFILE;TYPE=twitter:https://twitter.example/grace',
      'X-PHONETIC-LAST-NAME:HOP-er',
      'NOTE:Invented the compiler',
      'CATEGORIES:Navy,starred',
    ]);
    expect((await put(account, 'grace.vcf', card)).status).toBe(201);
    const [grace] = (await account.caller.contacts.list({ limit: 10 })).items;
    expect(grace!.isFavorite).toBe(true);
    expect((await account.caller.labels.list()).map((l) => l.name)).toEqual(['Navy']);

    // The card is the record: it comes back as sent, octet for octet, with the ETag of the PUT.
    const sent = await dav(account, 'GET', `${book(account)}grace.vcf`);
    expect(sent.text).toBe(card);

    // An edit on the web rewrites the properties it changed and keeps every other line.
    await account.caller.contacts.update({ id: grace!.id, familyName: 'Murray Hopper' });
    const got = await dav(account, 'GET', `${book(account)}grace.vcf`);
    expect(got.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(got.headers.get('etag')).not.toBe(sent.headers.get('etag'));
    expect(got.text).toBe(
      card
        .replace('FN:Grace Hopper', 'FN:Grace Murray Hopper')
        .replace('N:Hopper;Grace;;;', 'N:Murray Hopper;Grace;;;'),
    );
    expect(got.text).toContain('VERSION:3.0');
    const v4 = await dav(account, 'GET', `${book(account)}grace.vcf`, {
      headers: { accept: 'text/vcard; version=4.0' },
    });
    expect(v4.text).toContain('VERSION:4.0');
  });

  it('keeps the photo a phone sent in its card, and shows Kith a cleaned copy', async () => {
    const account = await davAccount(t);
    const jpeg = await jpegWithGps(1600, 1200);
    const folded = `PHOTO;ENCODING=b;TYPE=JPEG:${jpeg.toString('base64')}`.replace(
      /(.{74})/g,
      '$1\r\n ',
    );
    const card = vcard('photo-1', 'Pic', 'Ture', [folded.trimEnd()]);
    expect((await put(account, 'photo.vcf', card)).status).toBe(201);
    // The phone's own card, photo and all, comes back as it was sent.
    expect((await dav(account, 'GET', `${book(account)}photo.vcf`)).text).toBe(card);
    // The copy the web app shows went through the upload pipeline: small, no metadata.
    const [contact] = (await account.caller.contacts.list({ limit: 10 })).items;
    const url = contact!.photo?.url;
    expect(url).toBeTruthy();
    const shown = await fetch(new URL(url!, account.baseUrl));
    const bytes = Buffer.from(await shown.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('KithPhone');

    // A photo changed on the web replaces the card's PHOTO; the rest stays as sent.
    await account.caller.contacts.update({ id: contact!.id, photo: null });
    const after = await dav(account, 'GET', `${book(account)}photo.vcf`);
    expect(after.text).toBe(vcard('photo-1', 'Pic', 'Ture'));
  });

  it('answers 304 to a GET whose If-None-Match names its ETag, each version with its own', async () => {
    const account = await davAccount(t);
    const card = vcard('etag-1', 'Etta', 'Tag');
    const created = await put(account, 'etag.vcf', card);
    const etag = created.headers.get('etag')!;
    const url = `${book(account)}etag.vcf`;
    expect((await dav(account, 'GET', url, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const v4 = await dav(account, 'GET', url, { headers: { accept: 'text/vcard; version=4.0' } });
    expect(v4.status).toBe(200);
    const v4etag = v4.headers.get('etag')!;
    expect(v4etag).not.toBe(etag);
    expect(
      (
        await dav(account, 'GET', url, {
          headers: { accept: 'text/vcard; version=4.0', 'if-none-match': v4etag },
        })
      ).status,
    ).toBe(304);
    // The 3.0 ETag does not name the 4.0 representation.
    expect(
      (
        await dav(account, 'GET', url, {
          headers: { accept: 'text/vcard; version=4.0', 'if-none-match': etag },
        })
      ).status,
    ).toBe(200);
    // A write may name the card by either ETag.
    const edited = vcard('etag-1', 'Etta', 'Tagged');
    expect((await put(account, 'etag.vcf', edited, { 'if-match': v4etag })).status).toBe(204);
    expect((await put(account, 'etag.vcf', card, { 'if-match': etag })).status).toBe(412);
  });

  it('honours If-None-Match and If-Match, and answers ETags only of committed cards', async () => {
    const account = await davAccount(t);
    const first = await put(account, 'x.vcf', vcard('x', 'X', 'One'), { 'if-none-match': '*' });
    expect(first.status).toBe(201);
    const retry = await put(account, 'x.vcf', vcard('x', 'X', 'One'), { 'if-none-match': '*' });
    expect(retry.status).toBe(412);
    expect((await account.caller.contacts.list({ limit: 10 })).items).toHaveLength(1);
    const etag = first.headers.get('etag')!;
    expect((await dav(account, 'GET', `${book(account)}x.vcf`)).headers.get('etag')).toBe(etag);
    // An ETag this card never had (its account's revisions start at 1, so not "1").
    expect(
      (await put(account, 'x.vcf', vcard('x', 'X', 'Two'), { 'if-match': '"999999"' })).status,
    ).toBe(412);
    expect((await put(account, 'x.vcf', vcard('x', 'X', 'Two'), { 'if-match': etag })).status).toBe(
      204,
    );
    expect(
      (await dav(account, 'DELETE', `${book(account)}x.vcf`, { headers: { 'if-match': etag } }))
        .status,
    ).toBe(412);
  });
});

describe('hostile text in answers', () => {
  it('writes a card with markup, quotes and control characters, and an odd href, as well-formed XML', async () => {
    const account = await davAccount(t);
    const name = 'odd&<"]]>\'.vcf';
    const note = `<b>Tom & "Jerry"</b> ]]> it's \u0001\u0008\u000b\u001f end`;
    const sent = vcard('hostile-uid', 'Ada', 'Lovelace', [
      `NOTE:${note}`,
      'X-KITH-TEST:</card:address-data></d:prop><!-- -->',
    ]);
    expect((await put(account, encodeURIComponent(name), sent)).status).toBe(201);
    const href = `${book(account)}${encodeURIComponent(name)}`;
    // A client's own href is echoed for a card that is not there.
    const missingHref = `${book(account)}gone&<"]]>.vcf`;
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const answer = await dav(account, 'REPORT', book(account), {
      headers: { depth: '1' },
      body: `<?xml version="1.0"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="${CARD}"><d:prop><d:getetag/><c:address-data/></d:prop><d:href>${escape(href)}</d:href><d:href>${escape(missingHref)}</d:href></c:addressbook-multiget>`,
    });
    expect(answer.status).toBe(207);
    // No character XML 1.0 forbids reaches the client: each is U+FFFD.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point.
    expect(answer.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const { responses } = multistatus(answer.text);
    const card = responses.get(href)!.get(200)!;
    const data = card.get(`{${CARD}}address-data`)!;
    expect(data).toContain(`NOTE:<b>Tom & "Jerry"</b> ]]> it's \ufffd\ufffd\ufffd\ufffd end`);
    expect(data).toContain('X-KITH-TEST:</card:address-data></d:prop><!-- -->');
    expect(card.get('{DAV:}getetag')).toMatch(/^"\d+"$/);
    expect(responses.get(missingHref)!.has(404)).toBe(true);
    expect(responses.size).toBe(2);
  });
});

describe('parallel writes', () => {
  it('lets one of 30 parallel PUTs of one UID at different names create a card', async () => {
    const account = await davAccount(t);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          put(account, `race-${round}-${i}.vcf`, vcard(`race-${round}`, 'Race', `Card ${i}`)),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      for (const res of results.filter((r) => r.status !== 201)) {
        expect(res.status).toBe(403);
        expect(res.text).toContain('no-uid-conflict');
      }
    }
  });
});

describe('trash and sync tokens', () => {
  it('a card deleted on a phone waits in the Trash; recovered, it syncs back; expired tokens are refused', async () => {
    const account = await davAccount(t);
    expect((await put(account, 'keep.vcf', vcard('keep', 'Keep', 'Me'))).status).toBe(201);
    const start = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '0' } })).text,
    )
      .responses.get(book(account))!
      .get(200)!
      .get(`{${DAV}}sync-token`)!;
    expect((await dav(account, 'DELETE', `${book(account)}keep.vcf`)).status).toBe(204);
    expect((await dav(account, 'GET', `${book(account)}keep.vcf`)).status).toBe(404);
    const [trashed] = (await account.caller.trash.list({ limit: 10 })).items;
    expect(nameOf(trashed!)).toBe('Keep Me');
    await account.caller.trash.recover({ id: trashed!.id });
    const back = await dav(account, 'GET', `${book(account)}keep.vcf`);
    expect(back.status).toBe(200);
    expect(back.text).toContain('UID:keep');

    // Deleted for good: the tombstone tells a client; 60 days on it is purged and the old
    // token answers valid-sync-token, so the client syncs anew.
    await account.caller.trash.add({ id: trashed!.id });
    await account.caller.trash.delete({ id: trashed!.id });
    const sync = (token: string) =>
      dav(account, 'REPORT', book(account), {
        body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      });
    const gone = multistatus((await sync(start)).text);
    expect(gone.responses.get(`${book(account)}keep.vcf`)!.has(404)).toBe(true);
    t.advanceClock(61 * 24 * 60 * 60_000);
    const { runRetention } = await import('@kith/api');
    await runRetention(t.deps, t.now());
    const expired = await sync(start);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('valid-sync-token');
    expect((await sync(gone.token!)).status).toBe(207);
  });

  it('rate-limits wrong credentials per source, and then refuses even the right ones from it for a while', async () => {
    const limited = await createTestApp({
      rateLimits: { perIp: 3, perAccount: 1000, windowMs: 60_000 },
    });
    try {
      const account = await davAccount(limited);
      const wrong = {
        ...account,
        authorization: `Basic ${Buffer.from(`${account.email}:aaaa-bbbb-cccc-dddd`).toString('base64')}`,
      };
      for (let i = 0; i < 3; i++) expect((await dav(wrong, 'PROPFIND', '/dav/')).status).toBe(401);
      const blocked = await dav(account, 'PROPFIND', '/dav/');
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('labels as DAVx5 group cards', () => {
  const DAVX5 = { 'user-agent': 'DAVx5/4.4.3-ose (dav4jvm; okhttp/4.12.0) Android/14' };

  it('keeps a group DAVx5 uploads ("groups are separate vCards"): listed, read back, synced', async () => {
    const account = await davAccount(t);
    const ada = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'UID:ada-4',
      'FN:Ada Lovelace',
      'N:Lovelace;Ada;;;',
      'END:VCARD',
      '',
    ].join('\r\n');
    expect((await put(account, 'ada-4.vcf', ada, DAVX5)).status).toBe(201);
    const token = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '0', ...DAVX5 } })).text,
    )
      .responses.get(book(account))!
      .get(200)!
      .get(`{${DAV}}sync-token`)!;
    const group = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'UID:group-4',
      'KIND:group',
      'FN:Chess club',
      'MEMBER:urn:uuid:ada-4',
      'END:VCARD',
      '',
    ].join('\r\n');
    const created = await put(account, 'group-4.vcf', group, DAVX5);
    expect(created.status).toBe(201);
    // Kept as a label, not as sent: no ETag (RFC 6352 §6.3.2.3), so DAVx5 reads it back.
    expect(created.headers.get('etag')).toBeNull();
    const read = await dav(account, 'GET', `${book(account)}group-4.vcf`, {
      headers: { accept: 'text/vcard; version=4.0', ...DAVX5 },
    });
    expect(read.status).toBe(200);
    expect(read.text).toContain('KIND:group');
    expect(read.text).toContain('MEMBER:urn:uuid:ada-4');
    expect(read.text).toContain('FN:Chess club');

    const listed = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '1', ...DAVX5 } })).text,
    );
    expect(listed.responses.has(`${book(account)}group-4.vcf`)).toBe(true);
    const synced = multistatus(
      (
        await dav(account, 'REPORT', book(account), {
          headers: { depth: '0', ...DAVX5 },
          body: `<?xml version="1.0" encoding="UTF-8"?><sync-collection xmlns="DAV:"><sync-token>${token}</sync-token><sync-level>1</sync-level><prop><getetag/></prop></sync-collection>`,
        })
      ).text,
    );
    expect(synced.responses.get(`${book(account)}group-4.vcf`)!.has(200)).toBe(true);
    expect((await account.caller.labels.list()).map((l) => [l.name, l.count])).toEqual([
      ['Chess club', 1],
    ]);

    // An iPhone on the same account, which never asks for a version, reads the 4.0 card as
    // 3.0, with that representation's ETag in its listing and on GET alike.
    const IPHONE = { 'user-agent': 'iOS/18.1 (22B83) dataaccessd/1.0' };
    const onIphone = await dav(account, 'GET', `${book(account)}ada-4.vcf`, { headers: IPHONE });
    expect(onIphone.text).toContain('VERSION:3.0');
    const iphoneList = multistatus(
      (
        await dav(account, 'PROPFIND', book(account), {
          headers: { depth: '1', ...IPHONE },
          body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
        })
      ).text,
    );
    expect(
      iphoneList.responses
        .get(`${book(account)}ada-4.vcf`)!
        .get(200)!
        .get(`{${DAV}}getetag`),
    ).toBe(onIphone.headers.get('etag'));
    // vdirsyncer, which does not ask either, gets the card as DAVx5 sent it, with the group
    // it joined written in as CATEGORIES.
    expect((await dav(account, 'GET', `${book(account)}ada-4.vcf`)).text).toBe(
      ada.replace('END:VCARD', 'CATEGORIES:Chess club\r\nEND:VCARD'),
    );

    // A group card with an empty FN (RFC 6350 allows it) is kept under a stand-in name.
    const unnamed = group.replace('UID:group-4', 'UID:group-5').replace('FN:Chess club', 'FN:');
    expect((await put(account, 'group-5.vcf', unnamed, DAVX5)).status).toBe(201);
    expect((await account.caller.labels.list()).map((l) => l.name).sort()).toEqual([
      'Chess club',
      'Unnamed group',
    ]);
  });
});

describe('labels as Apple group cards', () => {
  const IPHONE = { 'user-agent': 'iOS/18.1 (22B83) dataaccessd/1.0' };

  it('shows no empty group for a card deleted on a phone, and the group again when it is recovered', async () => {
    const account = await davAccount(t);
    const propfindBook = async () =>
      multistatus(
        (await dav(account, 'PROPFIND', book(account), { headers: { depth: '1', ...IPHONE } }))
          .text,
      );
    const bookToken = async () =>
      multistatus(
        (await dav(account, 'PROPFIND', book(account), { headers: { depth: '0', ...IPHONE } }))
          .text,
      )
        .responses.get(book(account))!
        .get(200)!
        .get(`{${DAV}}sync-token`)!;
    const syncSince = async (token: string) =>
      multistatus(
        (
          await dav(account, 'REPORT', book(account), {
            headers: { depth: '0', ...IPHONE },
            body: `<?xml version="1.0" encoding="UTF-8"?><sync-collection xmlns="DAV:"><sync-token>${token}</sync-token><sync-level>1</sync-level><prop><getetag/></prop></sync-collection>`,
          })
        ).text,
      );
    expect(
      (
        await put(
          account,
          'grace.vcf',
          vcard('grace-c', 'Grace', 'Hopper', ['CATEGORIES:Navy reunion']),
          IPHONE,
        )
      ).status,
    ).toBe(201);
    const listed = await propfindBook();
    const group = [...listed.responses.keys()].find(
      (href) => href !== book(account) && !href.endsWith('grace.vcf'),
    )!;
    expect(group).toBeDefined();

    // Deleted on the phone: the contact goes to the Trash and the group it made goes too.
    const before = await bookToken();
    expect(
      (await dav(account, 'DELETE', `${book(account)}grace.vcf`, { headers: IPHONE })).status,
    ).toBe(204);
    expect((await propfindBook()).responses.has(group)).toBe(false);
    expect([...(await syncSince(before)).responses.get(group)!.keys()]).toEqual([404]);
    expect((await dav(account, 'GET', group, { headers: IPHONE })).status).toBe(404);
    // The label itself stays with the contact in the Trash.
    expect((await account.caller.labels.list()).map((l) => l.name)).toEqual(['Navy reunion']);

    // Recovered on the web: the contact and its group come back to the phone.
    const after = await bookToken();
    const [trashed] = (await account.caller.trash.list({ limit: 10 })).items;
    await account.caller.trash.recover({ id: trashed!.id });
    const back = await syncSince(after);
    expect(back.responses.get(group)!.has(200)).toBe(true);
    expect(back.responses.get(`${book(account)}grace.vcf`)!.has(200)).toBe(true);
  });

  it('shows labels to Apple clients as group cards, and keeps them in sync both ways', async () => {
    const account = await davAccount(t);
    expect(
      (await put(account, 'ada.vcf', vcard('ada', 'Ada', 'Lovelace', ['CATEGORIES:Family'])))
        .status,
    ).toBe(201);
    expect((await put(account, 'alan.vcf', vcard('alan', 'Alan', 'Turing'))).status).toBe(201);
    const [family] = await account.caller.labels.list();

    // An iPhone sees the label as a group card naming Ada; a client that keeps no group cards
    // (vdirsyncer, khard) does not see it listed, but can read it by its name.
    const iphone = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '1', ...IPHONE } })).text,
    );
    expect(iphone.responses.size).toBe(4);
    const groupHref = [...iphone.responses.keys()].find(
      (href) => href !== book(account) && !href.endsWith('ada.vcf') && !href.endsWith('alan.vcf'),
    )!;
    const group = await dav(account, 'GET', groupHref, { headers: IPHONE });
    expect(group.text).toContain('X-ADDRESSBOOKSERVER-KIND:group');
    expect(group.text).toContain('FN:Family');
    expect(group.text).toContain('X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada');
    const other = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '1' } })).text,
    );
    expect(other.responses.size).toBe(3);
    expect((await dav(account, 'GET', groupHref)).status).toBe(200);

    // The iPhone adds Alan to the group and renames it: the label follows.
    const edited = group.text
      .replace('FN:Family', 'FN:Kin')
      .replace('END:VCARD', 'X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:alan\r\nEND:VCARD');
    const saved = await put(account, groupHref.split('/').pop()!, edited, {
      ...IPHONE,
      'if-match': group.headers.get('etag')!,
    });
    expect(saved.status).toBe(204);
    expect((await account.caller.labels.list()).map((l) => [l.name, l.count])).toEqual([
      ['Kin', 2],
    ]);
    const alan = await dav(account, 'GET', `${book(account)}alan.vcf`);
    expect(alan.text).toContain('CATEGORIES:Kin');

    // The iPhone creates a group; the web sees a label. Deleting it deletes the label only.
    const created = await put(
      account,
      'group-new.vcf',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:g-new\r\nFN:Book club\r\nN:Book club;;;;\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada\r\nEND:VCARD\r\n',
      IPHONE,
    );
    expect(created.status).toBe(201);
    expect((await account.caller.labels.list()).map((l) => l.name).sort()).toEqual([
      'Book club',
      'Kin',
    ]);
    expect(
      (await dav(account, 'DELETE', `${book(account)}group-new.vcf`, { headers: IPHONE })).status,
    ).toBe(204);
    expect((await account.caller.labels.list()).map((l) => l.name)).toEqual(['Kin']);
    expect((await account.caller.contacts.list({ limit: 10 })).items).toHaveLength(2);

    // A label removed on the web: the iPhone's sync reports its group card gone.
    const token = multistatus(
      (await dav(account, 'PROPFIND', book(account), { headers: { depth: '0', ...IPHONE } })).text,
    )
      .responses.get(book(account))!
      .get(200)!
      .get(`{${DAV}}sync-token`)!;
    await account.caller.labels.delete({ id: family!.id });
    const changes = multistatus(
      (
        await dav(account, 'REPORT', book(account), {
          headers: IPHONE,
          body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
        })
      ).text,
    );
    expect(changes.responses.get(groupHref)!.has(404)).toBe(true);
    expect(changes.responses.get(`${book(account)}ada.vcf`)!.has(200)).toBe(true);
  });
});
