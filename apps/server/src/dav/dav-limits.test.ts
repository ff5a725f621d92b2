import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { dav, davAccount, type DavAccount } from '../test-support/dav-helpers';
import { signedInClient } from '../test-support/test-users';
import { TestClient } from '../test-support/test-client';

// Hostile WebDAV bodies are refused while they are parsed, with a 4xx and a DAV:error body,
// never a 500 and never a stall (docs/request-limits.md).
let t: TestApp;
let account: DavAccount;

beforeAll(async () => {
  t = await createTestApp();
  account = await davAccount(t);
});

afterAll(async () => {
  await t.close();
});

const nested = (depth: number, inner = '') =>
  `${'<d:x>'.repeat(depth)}${inner}${'</d:x>'.repeat(depth)}`;

function expectDavError(answer: { status: number; text: string }, status: number, words: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.text).toContain('<d:error');
  expect(answer.text).toMatch(words);
}

describe('XML nesting and size', () => {
  it('refuses a PROPFIND nested 12,000 deep at once with 400', async () => {
    const body = `<d:propfind xmlns:d="DAV:"><d:prop>${nested(12_000)}</d:prop></d:propfind>`;
    expectDavError(
      await dav(account, 'PROPFIND', '/dav/', { body, headers: { depth: '0' } }),
      400,
      /nested at most 32 deep/,
    );
  });

  it('refuses deep nesting inside an href, a sync token and a PROPPATCH with 400, never 500', async () => {
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const multiget = `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop><d:href>${nested(3_500, 'a.vcf')}</d:href></c:addressbook-multiget>`;
    const sync = `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${nested(3_500, 'x')}</d:sync-token><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    const patch = `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>${nested(3_500, 'x')}</d:displayname></d:prop></d:set></d:propertyupdate>`;
    for (const [method, body] of [
      ['REPORT', multiget],
      ['REPORT', sync],
      ['PROPPATCH', patch],
    ] as const) {
      expectDavError(await dav(account, method, book, { body }), 400, /nested at most/);
    }
  });

  it('answers nesting within the limit as before', async () => {
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const patch = `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>${nested(20, 'Family')}</d:displayname></d:prop></d:set></d:propertyupdate>`;
    expect((await dav(account, 'PROPPATCH', book, { body: patch })).status).toBe(207);
  });

  it('refuses a body of more than 50,000 elements with 413', async () => {
    const hrefs = '<d:href>a.vcf</d:href>'.repeat(60_000);
    const body = `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>${hrefs}</c:addressbook-multiget>`;
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    expectDavError(await dav(account, 'REPORT', book, { body }), 413, /at most 50000 XML elements/);
  });

  it('refuses an element with hundreds of attributes with 413', async () => {
    const attributes = Array.from({ length: 500 }, (_, i) => ` a${i}="1"`).join('');
    const body = `<d:propfind xmlns:d="DAV:"${attributes}><d:prop><d:getetag/></d:prop></d:propfind>`;
    expectDavError(
      await dav(account, 'PROPFIND', '/dav/', { body, headers: { depth: '0' } }),
      413,
      /attributes/,
    );
  });
});

describe('properties named in one request', () => {
  it('refuses a PROPFIND naming 100,000 properties, or 1,000, with 413', async () => {
    for (const [count, words] of [
      [100_000, /at most 50000 XML elements/],
      [1_000, /at most 200 properties/],
    ] as const) {
      const props = Array.from({ length: count }, (_, i) => `<d:p${i}/>`).join('');
      const body = `<d:propfind xmlns:d="DAV:"><d:prop>${props}</d:prop></d:propfind>`;
      expectDavError(
        await dav(account, 'PROPFIND', '/dav/', { body, headers: { depth: '0' } }),
        413,
        words,
      );
    }
  });

  it('refuses a PROPPATCH of 60,000 properties, and 40,000 that each declare a namespace', async () => {
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    for (const count of [60_000, 1_000]) {
      const many = Array.from({ length: count }, (_, i) => `<d:p${i}>x</d:p${i}>`).join('');
      const patch = `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop>${many}</d:prop></d:set></d:propertyupdate>`;
      expectDavError(
        await dav(account, 'PROPPATCH', book, { body: patch }),
        413,
        /XML elements|properties/,
      );
    }
    const declaring = Array.from({ length: 40_000 }, (_, i) => `<x:p xmlns:x="urn:n${i}"/>`).join(
      '',
    );
    const propfind = `<d:propfind xmlns:d="DAV:"><d:prop>${declaring}</d:prop></d:propfind>`;
    expectDavError(
      await dav(account, 'PROPFIND', book, { body: propfind, headers: { depth: '0' } }),
      413,
      /properties/,
    );
  });

  it('answers a property named twice once', async () => {
    const body = `<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:displayname/></d:prop></d:propfind>`;
    const answer = await dav(account, 'PROPFIND', `/dav/addressbooks/${account.userId}/contacts/`, {
      body,
      headers: { depth: '0' },
    });
    expect(answer.status).toBe(207);
    expect(answer.text.match(/<d:displayname/g)).toHaveLength(1);
  });
});

describe('bodies from callers not signed in', () => {
  it('answers a CardDAV request without credentials 401 before reading its body', async () => {
    const stranger = { ...account, authorization: '' };
    const huge = 'x'.repeat(9 * 1024 * 1024);
    const answer = await dav(
      stranger,
      'PUT',
      `/dav/addressbooks/${account.userId}/contacts/a.vcf`,
      {
        body: huge,
      },
    );
    expect(answer.status).toBe(401);
  });

  it('caps what a stranger may send to the API at 64 KB, and not a signed-in person', async () => {
    const stranger = new TestClient(t.app);
    const big = { email: 'a@example.com', password: 'x'.repeat(100_000) };
    for (const answer of [
      await stranger.mutation('auth.login', big),
      await stranger.rest('POST', '/auth/login', big),
    ]) {
      expect(answer.status).toBe(413);
      expect(JSON.stringify(answer.body)).toContain('Sign in to send more than 64 KB');
    }
    const { client } = await signedInClient(t);
    const note = 'n'.repeat(100_000);
    const created = await client.mutation('contacts.create', { givenName: 'Long', note });
    expect(created.status).not.toBe(413);
  });
});
