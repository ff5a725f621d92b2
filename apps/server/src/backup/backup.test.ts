/**
 * `pnpm backup` and `pnpm restore` end to end (docs/backups.md): an account with contacts, a
 * photo, a label, an app password and reminder settings, backed up from a running server that
 * is being written to, restored into a fresh data folder or database, and found whole by a
 * server started on the restored copy. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from '@20minutes/s3rver';
import {
  createLocalImageStorage,
  createS3ImageStorage,
  hashPassword,
  startJobQueue,
} from '@kith/api';
import { createContactsClient, type ContactsClient } from '@kith/client';
import { createDb, MIGRATIONS_FOLDER, schema } from '@kith/db';
import { migratedPgliteTemplate, migrationsBefore } from '@kith/db/testing';
import type { ReminderSettingsInput } from '@kith/validators';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  readArchive,
  writeArchive,
  workFolder,
} from './archive';
import { pruneBackups, backupName } from './backup';
import { runCli } from './cli';
import { BACKUP_JOB, requestBackup, startBackups } from './service';
import { png } from '../test-support/test-images';

/** How many migrations this Kith has: a restored database ends with all of them applied. */
function journalEntries(): number {
  const journal = readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(journal) as { entries: unknown[] }).entries.length;
}

// The test's settings come from its Vitest project (KITH_TEST_DB, TEST_DATABASE_URL), and the
// servers it starts inherit the environment, as the reliability harness's do.
// eslint-disable-next-line no-restricted-properties
const environment = process.env;
const onPostgres = environment.KITH_TEST_DB === 'postgres';
const serverDir = resolve(import.meta.dirname, '../..');
const PASSWORD = 'kith-harbour-42';
const DAY_MS = 24 * 60 * 60_000;
const APP_SECRET = 'backup-test-secret-0123456789-abcdefghijkl';
const root = mkdtempSync(join(tmpdir(), 'kith-backup-test-'));
const admin = onPostgres
  ? postgres(environment.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })
  : undefined;
const databases: string[] = [];

/** A fresh target: a data folder, and on PostgreSQL an empty database. */
async function freshTarget(name: string): Promise<Record<string, string>> {
  const dataDir = join(root, name);
  await mkdir(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET, NODE_ENV: 'development' };
  if (admin) {
    const db = `kith_backup_${randomBytes(5).toString('hex')}`;
    await admin.unsafe(`create database ${db}`);
    databases.push(db);
    const url = new URL(environment.TEST_DATABASE_URL!);
    url.pathname = `/${db}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

/**
 * A free port of 3250-3274 (PGlite's run) or 3275-3299 (PostgreSQL's), so the two projects,
 * which run side by side, never probe the same port and reach each other's server.
 */
async function freePort(): Promise<number> {
  const first = onPostgres ? 3275 : 3250;
  for (let port = first; port < first + 25; port += 1) {
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${first}-${first + 24}`);
}

/** The real server (src/main.ts) on `env`; resolves once /api/health answers. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...environment,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ACCOUNT: '100000',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The target's database, migrated: on PostgreSQL its empty database; embedded, its empty data
 * folder filled from the tests' migrated copy (what a server's first start would create there,
 * in a third of the time).
 */
async function openTarget(env: Record<string, string>) {
  return createDb(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : {
          pgliteDir: join(env.DATA_DIR!, 'pglite'),
          pgliteTemplate: await migratedPgliteTemplate(),
        },
  );
}

/** A verified account written straight into the target's database (migrated on the way). */
async function seedAccount(env: Record<string, string>, email: string): Promise<void> {
  const handle = await openTarget(env);
  try {
    await handle.db.insert(schema.users).values({
      name: 'Ada Lovelace',
      email,
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    });
  } finally {
    await handle.close();
  }
}

async function signIn(baseUrl: string, email: string): Promise<ContactsClient> {
  const client = createContactsClient({ baseUrl, retries: 0 });
  await client.auth.login.mutate({ email, password: PASSWORD });
  return client;
}

/** Runs the command in this process, as `pnpm backup`/`pnpm restore` would; its lines kept. */
async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, env, root, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/**
 * A test only one database has a meaning for (the embedded database's lock; pg_dump): left out
 * of the other project rather than reported skipped there.
 */
function only(kind: 'pglite' | 'postgres') {
  return (name: string, test: () => Promise<void>, timeoutMs?: number) => {
    if ((kind === 'postgres') === onPostgres) it(name, test, timeoutMs);
  };
}

const REMINDERS: ReminderSettingsInput = {
  enabled: true,
  birthdays: true,
  anniversaries: false,
  otherDates: true,
  leadDays: [0, 7],
  sendAt: '08:30',
  timeZone: 'Europe/Madrid',
  delivery: 'weekly_digest',
};

afterAll(async () => {
  for (const name of databases) await admin!.unsafe(`drop database if exists ${name} with (force)`);
  await admin?.end({ timeout: 5 });
  rmSync(root, { recursive: true, force: true });
});

describe('a backup of a running server, restored on a fresh machine', () => {
  const email = `backup-${randomBytes(3).toString('hex')}@example.com`;
  let source: Record<string, string>;
  let backupFile: string;
  let photoBytes: Buffer;
  let appPassword: string;
  let written = 0;

  beforeAll(async () => {
    source = await freshTarget('source');
    await seedAccount(source, email);
  }, 120_000);

  it('backs up while the server runs and is being written to', async () => {
    const server = await startServer(source);
    try {
      const client = await signIn(server.baseUrl, email);
      const { image } = await client.images.upload.mutate({
        data: new Uint8Array(await png(48, 48)),
      });
      const ada = await client.contacts.create.mutate({
        givenName: 'Grace',
        familyName: 'Hopper',
        emails: [{ value: 'grace@example.com', type: '' }],
        phones: [{ value: '+1 555 0100', type: '' }],
        birthday: { day: 9, month: 12, year: 1906 },
        photo: image.publicId,
      });
      await client.contacts.update.mutate({ id: ada.id, note: 'Wrote the first compiler' });
      const family = await client.labels.create.mutate({ name: 'Family' });
      await client.labels.assign.mutate({ labelId: family.id, contactIds: [ada.id] });
      appPassword = (await client.appPasswords.create.mutate({ name: 'Phone' })).password;
      await client.reminders.saveSettings.mutate(REMINDERS);
      const served = await fetch(
        `${server.baseUrl}${(await client.contacts.byId.query({ id: ada.id })).photo!.url}`,
      );
      photoBytes = Buffer.from(await served.arrayBuffer());
      expect(photoBytes.length).toBeGreaterThan(0);

      // Contacts keep being written while the backup is made; what the copy holds must be whole.
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await client.contacts.create.mutate({
            givenName: `Busy ${written}`,
            familyName: 'Writer',
            phones: [{ value: `+1 555 ${1000 + written}`, type: '' }],
          });
          written += 1;
        }
      })().catch((error: unknown) => error);
      await new Promise((r) => setTimeout(r, 300));
      const made = await cli(['backup'], source);
      writing = false;
      // Every write during the backup was answered: the server kept serving.
      expect(await writer).toBeUndefined();
      expect(made.err.join('\n'), made.err.join('\n')).not.toMatch(/kith backup/);
      expect(made.code).toBe(0);
      backupFile = made.out[0]!;
      expect(backupFile).toMatch(/kith-backup-.*\.tar\.gz$/);
      expect(written).toBeGreaterThan(0);
      if (!onPostgres) {
        // The running server made the copy: the command never opened the folder itself.
        expect(made.err.join('\n')).toContain('backed up the running server');
      }
    } finally {
      await server.stop();
    }
    const work = await workFolder(root);
    try {
      const manifest = await readArchive(backupFile, work.dir);
      expect(manifest).toMatchObject({
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        kind: onPostgres ? 'postgres' : 'pglite',
        images: { storage: 'local', count: 1, missing: [] },
        appSecret: false,
      });
      expect(manifest.migrations).toBeGreaterThan(25);
    } finally {
      await work.remove();
    }
  }, 240_000);

  it('restores into a fresh data folder, and a server started on it has everything', async () => {
    const target = await freshTarget('restored');
    const restored = await cli(['restore', backupFile], target);
    expect(restored.err.join('\n')).not.toMatch(/kith restore/);
    expect(restored.code).toBe(0);

    const server = await startServer(target);
    try {
      const client = await signIn(server.baseUrl, email);
      const page = await client.contacts.list.query({});
      const grace = page.items.find((c) => c.familyName === 'Hopper')!;
      expect(grace).toBeDefined();
      const full = await client.contacts.byId.query({ id: grace.id });
      expect(full).toMatchObject({ givenName: 'Grace', note: 'Wrote the first compiler' });
      // The photo's bytes, served by the restored server at a fresh signed link.
      const served = await fetch(`${server.baseUrl}${full.photo!.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true);
      // The label and its member.
      const labels = await client.labels.list.query();
      expect(labels.map((l) => l.name)).toContain('Family');
      expect(
        (await client.labels.ofContact.query({ contactId: grace.id })).map((l) => l.name),
      ).toEqual(['Family']);
      // Reminder settings as saved.
      expect(await client.reminders.settings.query()).toMatchObject(REMINDERS);
      // The history of the contact: created, then its note changed.
      const history = await client.history.contact.query({ contactId: grace.id });
      expect(history.entries.length).toBeGreaterThanOrEqual(2);
      // The app password signs a CardDAV client in (same APP_SECRET).
      const dav = await fetch(`${server.baseUrl}/dav/`, {
        method: 'PROPFIND',
        headers: {
          authorization: `Basic ${Buffer.from(`${email}:${appPassword}`).toString('base64')}`,
          depth: '0',
        },
      });
      expect(dav.status).toBe(207);
      // Written mid-backup: the copy holds a prefix of the writes, each contact whole
      // (its name and its first version in the history), none half written.
      const busy = page.items.filter((c) => c.givenName?.startsWith('Busy '));
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.length).toBeLessThanOrEqual(written);
      expect(busy.every((c) => c.familyName === 'Writer' && c.phones.length === 1)).toBe(true);
      for (const contact of [busy[0]!, busy.at(-1)!]) {
        const versions = await client.history.contact.query({ contactId: contact.id });
        expect(versions.entries.length).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('refuses a target that is not empty, and restores over it with --force', async () => {
    const refused = await cli(['restore', backupFile], source);
    expect(refused.code).toBe(1);
    expect(refused.err).toHaveLength(1);
    expect(refused.err[0]).toMatch(/^kith restore: .* is not empty.*--force/);

    const forced = await cli(['restore', backupFile, '--force'], source);
    expect(forced.err.join('\n')).not.toMatch(/kith restore/);
    expect(forced.code).toBe(0);
  }, 120_000);
});

describe('mistakes an operator can make: one line, exit 1, no stack', () => {
  it('names a missing file, a file that is no backup, and a backup of the other database kind', async () => {
    const env = await freshTarget(`mistakes-${randomBytes(3).toString('hex')}`);
    const missing = await cli(['restore', 'nowhere.tar.gz'], env);
    expect(missing).toMatchObject({
      code: 1,
      err: [`kith restore: no such file: ${join(root, 'nowhere.tar.gz')}`],
    });

    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup at all');
    const notBackup = await cli(['restore', junk], env);
    expect(notBackup.code).toBe(1);
    expect(notBackup.err).toEqual([
      `kith restore: ${junk} is not a Kith backup (not a readable .tar.gz archive)`,
    ]);

    const otherKind = join(root, 'other-kind.tar.gz');
    const work = await workFolder(root);
    try {
      await mkdir(join(work.dir, 'database'));
      await writeArchive(
        work.dir,
        {
          format: BACKUP_FORMAT,
          version: 1,
          kind: onPostgres ? 'pglite' : 'postgres',
          createdAt: new Date().toISOString(),
          migrations: 1,
          images: { storage: 'local', count: 0, missing: [] },
          appSecret: false,
        },
        otherKind,
      );
    } finally {
      await work.remove();
    }
    const wrong = await cli(['restore', otherKind], env);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toHaveLength(1);
    expect(wrong.err[0]).toMatch(
      onPostgres ? /embedded database, but DATABASE_URL/ : /PostgreSQL database: set DATABASE_URL/,
    );

    const usage = await cli(['restore'], env);
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toMatch(/restore needs the backup file/);
  });

  only('pglite')(
    'refuses to open the data folder of a server that does not answer',
    async () => {
      const env = await freshTarget(`held-${randomBytes(3).toString('hex')}`);
      await seedAccount(env, 'held@example.com');
      // A live process (this one) holds the lock, as a server whose socket is gone would.
      const handle = await createDb({ pgliteDir: join(env.DATA_DIR!, 'pglite') });
      try {
        const refused = await cli(['backup'], env);
        expect(refused.code).toBe(1);
        expect(refused.err).toHaveLength(1);
        expect(refused.err[0]).toMatch(/^kith backup: the data folder .* is in use by process \d+/);
      } finally {
        await handle.close();
      }
      const offline = await cli(['backup'], env);
      expect(offline.code).toBe(0);
      expect(offline.err.join('\n')).toContain('backed up the embedded database');
    },
    60_000,
  );

  only('postgres')(
    'names pg_dump missing, or older than the server',
    async () => {
      const env = await freshTarget(`pgdump-${randomBytes(3).toString('hex')}`);
      await seedAccount(env, 'pgdump@example.com');
      const empty = join(root, 'no-tools');
      await mkdir(empty, { recursive: true });
      const missing = await cli(['backup', '--pg-bin', empty], env);
      expect(missing.code).toBe(1);
      expect(missing.err).toEqual([
        expect.stringMatching(/^kith backup: pg_dump was not found in .*no-tools: install/),
      ]);

      const old = join(root, 'old-tools');
      await mkdir(old, { recursive: true });
      writeFileSync(join(old, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', {
        mode: 0o755,
      });
      const tooOld = await cli(['backup', '--pg-bin', old], env);
      expect(tooOld.code).toBe(1);
      expect(tooOld.err).toEqual([
        expect.stringMatching(
          /^kith backup: pg_dump 9\.6\.24 .* cannot dump PostgreSQL \d+.*: install postgresql-client-\d+ or newer/,
        ),
      ]);
    },
    60_000,
  );
});

// The embedded database only: a PostgreSQL dump of an older shape is restored the same way.
if (!onPostgres) {
  describe('an older backup restored by a newer Kith', () => {
    it('applies the migrations the backup predates', async () => {
      // A database of the shape before the latest migration, packed as a backup by hand.
      const older = migrationsBefore('0029_search_prefix');
      const work = await workFolder(root);
      const file = join(root, 'older.tar.gz');
      try {
        const handle = await createDb({ migrationsFolder: older });
        await handle.db.insert(schema.users).values({
          name: 'Old Timer',
          email: 'old@example.com',
          passwordHash: await hashPassword(PASSWORD),
          emailVerifiedAt: new Date(),
        });
        await mkdir(join(work.dir, 'database'));
        await handle.dumpDataDir!(join(work.dir, 'database', 'pglite.tar'));
        await handle.close();
        await writeArchive(
          work.dir,
          {
            format: BACKUP_FORMAT,
            version: 1,
            kind: 'pglite',
            createdAt: new Date().toISOString(),
            migrations: 29,
            images: { storage: 'local', count: 0, missing: [] },
            appSecret: false,
          },
          file,
        );
      } finally {
        await work.remove();
        rmSync(older, { recursive: true, force: true });
      }
      const env = await freshTarget(`older-${randomBytes(3).toString('hex')}`);
      const restored = await cli(['restore', file], env);
      expect(restored.err.join('\n')).not.toMatch(/kith restore/);
      expect(restored.code).toBe(0);
      const handle = await createDb({ pgliteDir: join(env.DATA_DIR!, 'pglite') });
      try {
        const [row] = (await handle.db.execute(
          // The table of migrations records the latest one too now.
          (await import('drizzle-orm'))
            .sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { n: number }[];
        expect(row!.n).toBe(journalEntries());
        const users = await handle.db.select({ email: schema.users.email }).from(schema.users);
        expect(users).toEqual([{ email: 'old@example.com' }]);
      } finally {
        await handle.close();
      }
    }, 120_000);
  });
}

// The embedded database only: on PostgreSQL the server makes no backups of its own.
if (!onPostgres) {
  describe("the running server's own backups", () => {
    it('makes the nightly backup as a job, keeps the newest 7, and answers pnpm backup on its socket', async () => {
      const env = await freshTarget(`service-${randomBytes(3).toString('hex')}`);
      const dataDir = env.DATA_DIR!;
      const folder = join(dataDir, 'backups');
      await mkdir(folder, { recursive: true });
      const old = Array.from({ length: 8 }, (_, i) =>
        backupName(new Date(Date.UTC(2026, 0, i + 1, 3, 30))),
      );
      for (const name of old) writeFileSync(join(folder, name), '');
      const database = await openTarget(env);
      const jobs = await startJobQueue({ database, jobs: [], onError: () => {}, schedule: false });
      const logged: string[] = [];
      const log = {
        info: (_: object, m: string) => logged.push(m),
        error: (_: object, m: string) => logged.push(m),
      };
      const service = await startBackups({
        env: { DATA_DIR: dataDir, S3_BUCKET: undefined, APP_SECRET },
        database,
        jobs,
        images: createLocalImageStorage(join(dataDir, 'uploads')),
        log,
        pollingIntervalSeconds: 0.5,
      });
      try {
        await jobs.boss.send(BACKUP_JOB, {});
        const deadline = Date.now() + 60_000;
        while (!logged.includes('backup: nightly backup written') && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(logged).toContain('backup: nightly backup written');
        const kept = readdirSync(folder)
          .filter((n) => n.startsWith('kith-backup-'))
          .sort();
        // The new one and the newest six of the old: seven in all.
        expect(kept).toHaveLength(7);
        expect(kept.slice(0, 6)).toEqual(old.slice(2));

        const asked = await requestBackup(dataDir, true);
        expect(asked).toMatchObject({ photos: 0 });
        const work = await workFolder(root);
        try {
          expect(await readArchive(asked!.file, work.dir)).toMatchObject({
            kind: 'pglite',
            appSecret: true,
          });
        } finally {
          await work.remove();
        }
      } finally {
        await service.close();
        await jobs.stop();
        await database.close();
      }
      // With the server gone, nothing answers on the socket: the command opens the folder itself.
      expect(await requestBackup(dataDir, false)).toBeNull();
    }, 120_000);
  });
}

describe('photos in S3', () => {
  it('are read from the bucket by key, and put into the bucket where the backup is restored', async () => {
    const port = onPostgres ? 3299 : 3274;
    const s3 = new S3rver({
      address: '127.0.0.1',
      port,
      directory: join(root, `s3-${randomBytes(3).toString('hex')}`),
      silent: true,
      configureBuckets: [{ name: 'photos-before' }, { name: 'photos-after' }],
    });
    await s3.run();
    const bucket = (name: string) => ({
      S3_BUCKET: name,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const store = (name: string) =>
      createS3ImageStorage({
        bucket: name,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
    try {
      const source: Record<string, string> = {
        ...(await freshTarget(`s3-source-${randomBytes(3).toString('hex')}`)),
        ...bucket('photos-before'),
      };
      const bytes = await png(40, 40);
      const key = `${randomUUID()}.webp`;
      const handle = await openTarget(source);
      try {
        const [owner] = await handle.db
          .insert(schema.users)
          .values({
            name: 'Ada',
            email: 's3@example.com',
            passwordHash: await hashPassword(PASSWORD),
          })
          .returning({ id: schema.users.id });
        await handle.db.insert(schema.images).values({
          ownerId: owner!.id,
          storageKey: key,
          contentType: 'image/webp',
          byteSize: bytes.length,
          width: 40,
          height: 40,
        });
      } finally {
        await handle.close();
      }
      await store('photos-before').put(key, bytes, 'image/webp');

      const made = await cli(['backup'], source);
      expect(made.err.join('\n')).not.toMatch(/kith backup/);
      expect(made.code).toBe(0);
      const work = await workFolder(root);
      try {
        expect(await readArchive(made.out[0]!, work.dir)).toMatchObject({
          images: { storage: 's3', count: 1, missing: [] },
        });
      } finally {
        await work.remove();
      }

      const target: Record<string, string> = {
        ...(await freshTarget(`s3-target-${randomBytes(3).toString('hex')}`)),
        ...bucket('photos-after'),
      };
      const restored = await cli(['restore', made.out[0]!], target);
      expect(restored.err.join('\n')).not.toMatch(/kith restore/);
      expect(restored.code).toBe(0);
      const copied = await store('photos-after').get(key);
      expect(copied && Buffer.from(copied).equals(bytes)).toBe(true);
    } finally {
      await s3.close();
    }
  }, 120_000);
});

describe('retention', () => {
  it('keeps the newest backups and leaves other files alone', async () => {
    const folder = join(root, `prune-${randomBytes(3).toString('hex')}`);
    await mkdir(folder, { recursive: true });
    const names = Array.from({ length: 9 }, (_, i) =>
      backupName(new Date(Date.UTC(2026, 0, i + 1, 3, 30))),
    );
    for (const name of [...names, 'my-own-copy.tar.gz']) writeFileSync(join(folder, name), '');
    // What a crash mid-backup leaves: a work folder, a day old, and a partial file, just now.
    mkdirSync(join(folder, '.work-1-crashed'));
    utimesSync(
      join(folder, '.work-1-crashed'),
      new Date(Date.now() - 2 * DAY_MS),
      new Date(Date.now() - 2 * DAY_MS),
    );
    writeFileSync(join(folder, `${names[8]}.partial-42`), '');
    expect(await pruneBackups(folder, 7)).toEqual(names.slice(0, 2));
    expect(readdirSync(folder).sort()).toEqual(
      [...names.slice(2), 'my-own-copy.tar.gz', `${names[8]}.partial-42`].sort(),
    );
  });
});
