import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { fetchAddressBooks, fetchHomeUrl, fetchPrincipalUrl, type DAVAccount } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { dav, davAccount, type DavAccount } from '../test-support/dav-helpers';

// A client given only the host name (https://kith.example.org) asks `/` itself for the
// principal before or instead of /.well-known/carddav (RFC 6764 §5's context path "/"):
// a PROPFIND there answers as the DAV root does, after the same sign-in.

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'kith-host-root-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAV = 'DAV:';
const PRINCIPAL_QUERY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/><d:resourcetype/></d:prop></d:propfind>';

/** The hrefs of a Multi-Status body and, for each, its current-user-principal. */
function principals(text: string): Map<string, string | undefined> {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const out = new Map<string, string | undefined>();
  const responses = doc.getElementsByTagNameNS(DAV, 'response');
  for (let i = 0; i < responses.length; i++) {
    const response = responses[i]!;
    const href = response.getElementsByTagNameNS(DAV, 'href')[0]!.textContent!;
    const principal = response.getElementsByTagNameNS(DAV, 'current-user-principal')[0];
    out.set(href, principal?.getElementsByTagNameNS(DAV, 'href')[0]?.textContent ?? undefined);
  }
  return out;
}

describe('PROPFIND on the host root', () => {
  it('asks for credentials like the rest of DAV, then names the signed-in person’s principal', async () => {
    const account = await davAccount(t);
    const stranger = await fetch(`${account.baseUrl}/`, {
      method: 'PROPFIND',
      headers: { depth: '0' },
      body: PRINCIPAL_QUERY,
    });
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get('www-authenticate')).toMatch(/^Basic /);

    const res = await dav(account, 'PROPFIND', '/', {
      headers: { depth: '0', 'content-type': 'application/xml' },
      body: PRINCIPAL_QUERY,
    });
    expect(res.status).toBe(207);
    expect(principals(res.text)).toEqual(new Map([['/', `/dav/principals/${account.userId}/`]]));
    // The web app still answers a browser's GET on `/`.
    expect((await fetch(`${account.baseUrl}/`)).status).not.toBe(401);
  });

  it('lets tsdav given only the host find the address book from `/`', async () => {
    const account = await davAccount(t);
    const headers = { authorization: account.authorization };
    const tsdav: DAVAccount = {
      accountType: 'carddav',
      serverUrl: `${account.baseUrl}/`,
      rootUrl: `${account.baseUrl}/`,
    };
    tsdav.principalUrl = await fetchPrincipalUrl({ account: tsdav, headers });
    expect(tsdav.principalUrl).toBe(`${account.baseUrl}/dav/principals/${account.userId}/`);
    tsdav.homeUrl = await fetchHomeUrl({ account: tsdav, headers });
    const books = await fetchAddressBooks({ account: tsdav, headers });
    expect(books.map((b) => b.url)).toEqual([
      `${account.baseUrl}/dav/addressbooks/${account.userId}/contacts/`,
    ]);
  });

  it('lets vdirsyncer given only the host find the book at `/`, without falling back', async () => {
    const account: DavAccount = await davAccount(t);
    const root = join(dir, 'vdirsyncer');
    mkdirSync(join(root, 'contacts'), { recursive: true });
    const config = join(root, 'config');
    writeFileSync(
      config,
      [
        '[general]',
        `status_path = "${join(root, 'status')}/"`,
        '[pair kith]',
        'a = "local"',
        'b = "server"',
        'collections = ["from b"]',
        '[storage local]',
        'type = "filesystem"',
        `path = "${join(root, 'contacts')}/"`,
        'fileext = ".vcf"',
        '[storage server]',
        'type = "carddav"',
        `url = "${account.baseUrl}/"`,
        `username = "${account.email}"`,
        `password = "${account.password}"`,
        '',
      ].join('\n'),
    );
    const log = await new Promise<string>((resolve, reject) => {
      const child = execFile(
        'vdirsyncer',
        ['-v', 'debug', '-c', config, 'discover', 'kith'],
        { timeout: 60_000 },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stderr),
      );
      child.stdin?.end('y\n');
    });
    // Its first question, PROPFIND on the URL it was given, is answered.
    expect(log).not.toContain('Trying out well-known URI');
    expect(log).toContain(`/dav/addressbooks/${account.userId}/contacts/`);
  });
});
