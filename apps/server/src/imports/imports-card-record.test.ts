import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dav, davAccount } from '../test-support/dav-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { nameOf } from '../test-support/test-caller';
import { trpcData } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = (...lines: string[]) =>
  ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');

describe('the card is the record: a card of anything a person wrote comes in', () => {
  it('stores a CardDAV PUT with an empty FN and only a note (DAVx5 stopped on the 403)', async () => {
    const account = await davAccount(t);
    const path = `/dav/addressbooks/${account.userId}/contacts/note-only.vcf`;
    const put = await dav(account, 'PUT', path, {
      body: card('UID:note-only', 'FN:', 'NOTE:Gate code 4711\\nring twice'),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status, put.text).toBe(201);
    const { items } = await account.caller.contacts.list({});
    expect(items.map(nameOf)).toEqual(['Gate code 4711']);
    const get = await dav(account, 'GET', path);
    expect(get.status).toBe(200);
    expect(get.text).toContain('NOTE:Gate code 4711\\nring twice');
    expect(get.text).toContain('UID:note-only');
  });

  it('stores a card whose note holds a bare CR, the note and the rest whole', async () => {
    const account = await davAccount(t);
    const path = `/dav/addressbooks/${account.userId}/contacts/bare-cr.vcf`;
    const put = await dav(account, 'PUT', path, {
      body: card(
        'UID:bare-cr',
        'FN:Ann Bee',
        'N:Bee;Ann;;;',
        'NOTE:one\rtwo',
        'EMAIL:ann@example.org',
      ),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status, put.text).toBe(201);
    const { items } = await account.caller.contacts.list({});
    const stored = await account.caller.contacts.byId({ id: items[0]!.id });
    expect(stored).toMatchObject({
      givenName: 'Ann',
      familyName: 'Bee',
      emails: [{ value: 'ann@example.org' }],
      note: 'one\ntwo',
    });
  });

  it('still refuses a card with no value at all', async () => {
    const account = await davAccount(t);
    const put = await dav(account, 'PUT', `/dav/addressbooks/${account.userId}/contacts/e.vcf`, {
      body: card('UID:empty', 'FN:', 'N:;;;;'),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status).toBe(403);
    expect(put.text).toContain('valid-address-data');
  });

  it('previews a file of such cards, each with the warning that says what names it', async () => {
    const { client } = await signedInClient(t);
    const content =
      card('FN:', 'ADR;TYPE=home:;;1 Main St;Springfield;IL;;') +
      card('FN:', 'BDAY:--0415') +
      card('FN:', 'URL:https://example.org/ada');
    const res = await client.mutation('imports.preview', { content });
    expect(res.status).toBe(200);
    const preview = trpcData(res) as {
      contacts: { givenName: string }[];
      problems: { row: number; severity: string }[];
    };
    expect(preview.contacts.map((contact) => contact.givenName)).toEqual([
      'Springfield',
      'No name',
      'https://example.org/ada',
    ]);
    expect(preview.problems.map((problem) => problem.severity)).toEqual([
      'warning',
      'warning',
      'warning',
    ]);
  });
});
