import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { nameOf } from '../test-support/test-caller';
import { davAccount, vcard, type DavAccount } from '../test-support/dav-helpers';

// Real CardDAV clients from Debian (vdirsyncer syncs Kith with a folder of .vcf files; khard
// reads that folder), as .ci/run installs them. Missing, they fail the run, never skip it.
const run = promisify(execFile);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'kith-vdirsyncer-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A vdirsyncer pair between `<dir>/<name>/contacts/` and the account's Kith, found by discovery. */
function configure(account: DavAccount, name: string, conflict: 'a wins' | 'b wins' = 'b wins') {
  const root = join(dir, name);
  const config = join(root, 'config');
  const local = join(root, 'contacts');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(local, { recursive: true });
  writeFileSync(
    config,
    [
      '[general]',
      `status_path = "${join(root, 'status')}/"`,
      '[pair kith]',
      'a = "local"',
      'b = "server"',
      'collections = ["from a", "from b"]',
      `conflict_resolution = "${conflict}"`,
      '[storage local]',
      'type = "filesystem"',
      `path = "${local}/"`,
      'fileext = ".vcf"',
      '[storage server]',
      'type = "carddav"',
      // The server's root: vdirsyncer finds the book through /.well-known/carddav.
      `url = "${account.baseUrl}/"`,
      `username = "${account.email}"`,
      `password = "${account.password}"`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(root, 'khard.conf'),
    [
      '[addressbooks]',
      '[[kith]]',
      `path = ${join(local, 'contacts')}/`,
      '[general]',
      'default_action = list',
      'editor = /bin/true',
      'merge_editor = /bin/true',
      '',
    ].join('\n'),
  );
  const vdirsyncer = async (...args: string[]) =>
    (await run('vdirsyncer', ['-c', config, ...args], { timeout: 120_000 })).stderr;
  return {
    folder: join(local, 'contacts'),
    discover: async () => {
      // It asks whether to create the local folder of the book it found: yes.
      await new Promise((resolve, reject) => {
        const child = execFile(
          'vdirsyncer',
          ['-c', config, 'discover', 'kith'],
          { timeout: 60_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
        child.stdin?.end('y\n');
      });
    },
    sync: () => vdirsyncer('sync'),
    /** khard's parsable list: `uid\tname\tbook` lines, sorted. */
    khard: async () =>
      (
        await run('khard', ['-c', join(root, 'khard.conf'), 'list', '-p'], { timeout: 60_000 })
      ).stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[1]!)
        .sort(),
  };
}

function files(folder: string): string[] {
  return readdirSync(folder).filter((f) => f.endsWith('.vcf'));
}

function fileOf(folder: string, text: string): string {
  const name = files(folder).find((f) => readFileSync(join(folder, f), 'utf8').includes(text));
  if (!name) throw new Error(`no card with ${text}`);
  return join(folder, name);
}

async function names(account: DavAccount, list: 'contacts' | 'trash' = 'contacts') {
  const page = await (list === 'trash'
    ? account.caller.trash.list({ limit: 100 })
    : account.caller.contacts.list({ limit: 100 }));
  return page.items.map(nameOf).sort();
}

describe('vdirsyncer and khard against Kith', () => {
  it('sync both ways: a card added, changed and deleted on each side, then a conflict', async () => {
    const account = await davAccount(t);
    const grace = await account.caller.contacts.create({
      givenName: 'Grace',
      familyName: 'Hopper',
      phones: [{ value: '+1 555 0100', type: '' }],
    });
    await account.caller.contacts.create({
      givenName: 'Katherine',
      familyName: 'Johnson',
      phones: [{ value: '2', type: '' }],
    });
    const pair = configure(account, 'both-ways');
    await pair.discover();
    await pair.sync();
    expect(await pair.khard()).toEqual(['Grace Hopper', 'Katherine Johnson']);

    // Added on each side.
    writeFileSync(
      join(pair.folder, 'ada.vcf'),
      vcard('ada-1', 'Ada', 'Lovelace', [
        'EMAIL;TYPE=HOME:ada@example.org',
        'X-PHONETIC-FIRST-NAME:AY-da',
      ]),
    );
    await account.caller.contacts.create({
      givenName: 'Alan',
      familyName: 'Turing',
      phones: [{ value: '3', type: '' }],
    });
    await pair.sync();
    expect(await names(account)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Katherine Johnson',
    ]);
    expect(await pair.khard()).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Katherine Johnson',
    ]);

    // Changed on each side.
    const adaFile = fileOf(pair.folder, 'ada-1');
    writeFileSync(adaFile, readFileSync(adaFile, 'utf8').replaceAll('Ada', 'Augusta Ada'));
    await account.caller.contacts.update({
      id: grace.id,
      org: 'US Navy',
      title: 'Rear Admiral',
    });
    await pair.sync();
    expect(await names(account)).toContain('Augusta Ada Lovelace');
    expect(readFileSync(fileOf(pair.folder, 'Grace'), 'utf8')).toContain('ORG:US Navy');
    // What the client wrote and Kith has no field for came back untouched.
    expect(readFileSync(fileOf(pair.folder, 'ada-1'), 'utf8')).toContain(
      'X-PHONETIC-FIRST-NAME:AY-da',
    );

    // Deleted on each side: the phone's deletion goes to the Trash, the web's leaves the phone.
    unlinkSync(fileOf(pair.folder, 'Katherine'));
    const alan = (await account.caller.contacts.list({ limit: 100 })).items.find(
      (c) => nameOf(c) === 'Alan Turing',
    )!;
    await account.caller.trash.add({ id: alan.id });
    await pair.sync();
    expect(await names(account)).toEqual(['Augusta Ada Lovelace', 'Grace Hopper']);
    expect(await names(account, 'trash')).toEqual(['Alan Turing', 'Katherine Johnson']);
    expect(await pair.khard()).toEqual(['Augusta Ada Lovelace', 'Grace Hopper']);

    // Recovered on the web: back on the phone.
    await account.caller.trash.recover({ id: alan.id });
    await pair.sync();
    expect(await pair.khard()).toContain('Alan Turing');

    // A conflict: both sides change Grace; Kith wins (conflict_resolution = "b wins").
    const graceFile = fileOf(pair.folder, 'Grace');
    writeFileSync(graceFile, readFileSync(graceFile, 'utf8').replace('ORG:US Navy', 'ORG:Harvard'));
    await account.caller.contacts.update({
      id: grace.id,
      org: 'Yale',
      title: 'Professor',
    });
    await pair.sync();
    expect(readFileSync(fileOf(pair.folder, 'Grace'), 'utf8')).toContain('ORG:Yale');
    expect((await account.caller.contacts.byId({ id: grace.id })).org).toBe('Yale');
  });

  it('syncs 1,000 cards up and down, and a sync with no change changes nothing', async () => {
    const account = await davAccount(t);
    const pair = configure(account, 'thousand');
    await pair.discover();
    for (let i = 0; i < 1000; i++) {
      writeFileSync(
        join(pair.folder, `card-${i}.vcf`),
        vcard(`bulk-${i}`, `Person${i}`, 'Bulk', [
          `TEL;TYPE=CELL:+1 555 ${String(i).padStart(4, '0')}`,
        ]),
      );
    }
    await pair.sync();
    const first = await account.caller.contacts.list({ limit: 1 });
    expect(first.total).toBe(1000);
    const again = await pair.sync();
    expect(again).not.toMatch(/Copying|Deleting/);

    // A second folder syncs all 1,000 down, and khard reads every one.
    const other = configure(account, 'thousand-down');
    await other.discover();
    await other.sync();
    expect(files(other.folder)).toHaveLength(1000);
    expect(await other.khard()).toHaveLength(1000);
    // About 25 s alone on two cores (vdirsyncer's 2,000 requests); room for a busy machine.
  }, 90_000);
});
