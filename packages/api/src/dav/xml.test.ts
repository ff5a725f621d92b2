import { describe, expect, it } from 'vitest';
import {
  child,
  DavError,
  errorXml,
  escapeAttribute,
  escapeText,
  multistatusClose,
  multistatusOpen,
  NS,
  parseXml,
  responseXml,
  textOf,
} from './xml';

describe('errorXml', () => {
  it('writes a DAV:error a namespace-aware parser reads back: condition, href and message', async () => {
    const error = new DavError(
      409,
      'A card with this UID exists: <Ada> & "Bob".',
      { ns: NS.CARDDAV, name: 'no-uid-conflict' },
      '/dav/addressbooks/u/contacts/a&b.vcf',
    );
    const root = await parseXml(errorXml(error));
    expect([root.namespaceURI, root.localName]).toEqual([NS.DAV, 'error']);
    const condition = child(root, NS.CARDDAV, 'no-uid-conflict');
    expect(textOf(child(condition!, NS.DAV, 'href'))).toBe('/dav/addressbooks/u/contacts/a&b.vcf');
    expect(textOf(child(root, 'http://kith.app/ns', 'message'))).toBe(error.message);
  });

  it('declares the namespace of a condition outside DAV, CardDAV and CalendarServer', async () => {
    const root = await parseXml(
      errorXml(new DavError(403, 'No.', { ns: 'urn:example:"x"', name: 'custom' })),
    );
    expect(child(root, 'urn:example:"x"', 'custom')).toBeDefined();
  });

  it('writes only the message when there is no condition', async () => {
    const root = await parseXml(errorXml(new DavError(401, 'Sign in.')));
    expect(root.children.map((c) => c.localName)).toEqual(['message']);
  });
});

describe('responseXml', () => {
  const hostile = 'x <b> & ]]> "double" \'single\' \x01\x08\x0B\x0C\x1F\uFFFE \uD800 end\r\n';

  /** A written response inside the Multi-Status root, as a client reads it. */
  async function read(response: string) {
    const root = await parseXml(`${multistatusOpen()}${response}${multistatusClose('tok&<>')}`);
    const first = root.children[0]!;
    return { root, first };
  }

  it('escapes text and hrefs so a strict parser reads back the text, controls as U+FFFD', async () => {
    const href = '/dav/a&b<c>"]]>\x02.vcf';
    const { root, first } = await read(
      responseXml(href, {
        found: new Map([
          [
            '{urn:ietf:params:xml:ns:carddav}address-data',
            { q: { ns: NS.CARDDAV, name: 'address-data' }, value: hostile },
          ],
          ['{DAV:}getetag', { q: { ns: NS.DAV, name: 'getetag' }, value: '"12-3.0"' }],
        ]),
        missing: [{ ns: 'urn:x:"odd"&<', name: 'custom' }],
      }),
    );
    expect(child(first, NS.DAV, 'href')!.textContent).toBe('/dav/a&b<c>"]]>\uFFFD.vcf');
    const [found, missing] = first.children.filter((c) => c.localName === 'propstat');
    const prop = child(found!, NS.DAV, 'prop')!;
    expect(child(prop, NS.CARDDAV, 'address-data')!.textContent).toBe(
      'x <b> & ]]> "double" \'single\' \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD \uFFFD end\n',
    );
    expect(child(prop, NS.DAV, 'getetag')!.textContent).toBe('"12-3.0"');
    expect(child(child(missing!, NS.DAV, 'prop')!, 'urn:x:"odd"&<', 'custom')).toBeDefined();
    expect(textOf(child(missing!, NS.DAV, 'status'))).toBe('HTTP/1.1 404 Not Found');
    expect(textOf(child(root, NS.DAV, 'sync-token'))).toBe('tok&<>');
  });

  it('writes empty values as empty elements, and a gone card as its status alone', async () => {
    const { first } = await read(
      responseXml('/dav/x.vcf', [
        { status: 200, props: [{ q: { ns: NS.DAV, name: 'displayname' }, value: '' }] },
      ]),
    );
    expect(first.children.map((c) => c.localName)).toEqual(['href', 'propstat']);
    expect(responseXml('/dav/gone.vcf', 404)).toBe(
      '<d:response><d:href>/dav/gone.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>',
    );
  });

  it('keeps tabs, line breaks and characters outside the BMP as they are', () => {
    expect(escapeText('a\tb\r\nc 😀 é')).toBe('a\tb\r\nc 😀 é');
    expect(escapeAttribute('"<&>"')).toBe('&quot;&lt;&amp;&gt;&quot;');
  });
});
