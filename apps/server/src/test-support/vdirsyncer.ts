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
import type { DavAccount } from './dav-helpers';

const run = promisify(execFile);

/** A phone's copy of the book: vdirsyncer (from Debian) syncing a folder of .vcf files. */
export interface SyncedFolder {
  /** The folder of .vcf files, one card per file, as vdirsyncer keeps them. */
  folder: string;
  /** Runs `vdirsyncer sync` (both ways; Kith wins a conflict); its log (stderr). */
  sync(): Promise<string>;
  /** Writes a card into the folder, as a person editing their phone's copy would. */
  write(file: string, text: string): void;
  /** Deletes a card from the folder, as a person deleting it on their phone. */
  remove(file: string): void;
  /** Every card file of the folder: file name to its text. */
  files(): Map<string, string>;
  /**
   * The cards of the folder, sorted: what the phone shows, whatever the files are named
   * (vdirsyncer names a card it downloads at random when its UID is not a safe file name).
   */
  cards(): string[];
  /** Removes the folder and vdirsyncer's state. */
  close(): void;
}

/** Where vdirsyncer syncs with: the server's root address, an email and its app password. */
export type VdirsyncerAccount = Pick<DavAccount, 'baseUrl' | 'email' | 'password'>;

/**
 * A folder synced with `account`'s book by vdirsyncer, found by discovery from the server's
 * root (/.well-known/carddav), and synced once.
 */
export async function syncedFolder(account: VdirsyncerAccount): Promise<SyncedFolder> {
  const phone = await discoveredFolder(account);
  await phone.sync();
  return phone;
}

/**
 * A folder set up by vdirsyncer's discovery of `account`'s book, not synced yet (a test may
 * write cards into it first); `syncTimeoutMs` bounds each `sync()`.
 */
export async function discoveredFolder(
  account: VdirsyncerAccount,
  { syncTimeoutMs = 120_000 } = {},
): Promise<SyncedFolder> {
  const root = mkdtempSync(join(tmpdir(), 'kith-vdirsyncer-'));
  const config = join(root, 'config');
  const local = join(root, 'contacts');
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
      'conflict_resolution = "b wins"',
      '[storage local]',
      'type = "filesystem"',
      `path = "${local}/"`,
      'fileext = ".vcf"',
      '[storage server]',
      'type = "carddav"',
      `url = "${account.baseUrl}/"`,
      `username = "${account.email}"`,
      `password = "${account.password}"`,
      '',
    ].join('\n'),
  );
  // Discovery asks whether to create the local folder of the book it found: yes.
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
  const folder = join(local, 'contacts');
  const sync = async () =>
    (await run('vdirsyncer', ['-c', config, 'sync'], { timeout: syncTimeoutMs })).stderr;
  return {
    folder,
    sync,
    write: (file, text) => writeFileSync(join(folder, file), text),
    remove: (file) => unlinkSync(join(folder, file)),
    cards: () =>
      readdirSync(folder)
        .filter((f) => f.endsWith('.vcf'))
        .map((f) => readFileSync(join(folder, f), 'utf8'))
        .sort(),
    files: () =>
      new Map(
        readdirSync(folder)
          .filter((f) => f.endsWith('.vcf'))
          .sort()
          .map((f) => [f, readFileSync(join(folder, f), 'utf8')]),
      ),
    close: () => rmSync(root, { recursive: true, force: true }),
  };
}
