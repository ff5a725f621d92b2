import { describe, expect, it } from 'vitest';
import { child, DavError, errorXml, NS, parseXml, textOf } from './xml';

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
