import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { backgroundJobs, startJobQueue, type JobQueue } from '@kith/api';
import { schema, type DatabaseHandle } from '@kith/db';
import { createTestDb } from '@kith/db/testing';
import { IMPORT_UPLOAD_TOO_LARGE } from '@kith/validators';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { trpcData, type TestClient } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

// One import file uploaded whole, staged in the database, previewed as a stream, and written
// by the import job on the queue (docs/decisions/0020-imports-staged-and-run-as-jobs.md).
let database: DatabaseHandle;
let t: TestApp;
let queue: JobQueue;
/** Photo addresses the job fetches wait for this, when a test sets it. */
let photoGate: ((address: string) => Promise<void>) | null = null;
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  database = await createTestDb();
  t = await createTestApp({
    database,
    fetchPhoto: async (address) => {
      await photoGate?.(address);
      return new Uint8Array(PIXEL);
    },
  });
  queue = await startJobQueue({
    database,
    jobs: backgroundJobs(t.deps, () => {}).filter((job) => job.name === 'import'),
    onError: () => {},
    pollingIntervalSeconds: 0.5,
    schedule: false,
  });
  t.deps.jobs = queue;
});

afterAll(async () => {
  await queue.stop();
  await t.close();
  await database.close();
});

/** A Google CSV of `count` people, every other one labelled Odd. */
function googleCsv(count: number, email = (i: number) => `person${i}@example.com`): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `Person${i},File,${email(i)},${i % 2 ? 'Odd' : 'Even'} ::: * myContacts`,
  );
  return ['First Name,Last Name,E-mail 1 - Value,Labels', ...rows].join('\n') + '\n';
}

async function upload(client: TestClient, content: string | Buffer, name = 'contacts.csv') {
  const res = await client.send({
    method: 'POST',
    url: `/api/imports/upload?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'text/csv' },
    payload: content,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { importId: string }).importId;
}

interface Preview {
  counts: { contacts: number; new: number; duplicates: number; errors: number; warnings: number };
  duplicates: { row: number; contactId: string }[];
  added: { givenName: string }[];
  needsMapping: boolean;
  problems: { row: number; severity: string; message: string }[];
}
interface Status {
  status: string;
  total: number;
  done: number;
  outcome: { created: number; updated: number } | null;
}

async function preview(client: TestClient, input: object): Promise<Preview> {
  const res = await client.mutation('imports.previewFile', input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return trpcData<Preview>(res);
}

async function status(client: TestClient, importId: string): Promise<Status> {
  return trpcData<Status>(await client.query('imports.status', { importId }));
}

/** Polls the import's status until its job has ended. */
async function finished(client: TestClient, importId: string): Promise<Status> {
  for (let i = 0; i < 600; i++) {
    const now = await status(client, importId);
    if (now.status !== 'queued' && now.status !== 'running') return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

interface WholePreview {
  contacts: object[];
  problems: { row: number; severity: string; message: string }[];
  needsMapping: boolean;
  mapping: string[];
}

/** The book's contacts without what differs between two accounts (ids, times, photo links). */
async function comparableBook(client: TestClient) {
  const res = await client.query('contacts.list', { limit: null });
  const items = trpcData<{ items: Record<string, unknown>[] }>(res).items;
  const drop = new Set(['id', 'createdAt', 'updatedAt', 'photo', 'etag', 'revision']);
  return items
    .map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !drop.has(key))))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function bookSize(client: TestClient): Promise<number> {
  const res = await client.query('contacts.list', { limit: null });
  return trpcData<{ items: unknown[] }>(res).items.length;
}

describe('an import file uploaded whole and written by a job', () => {
  it('refuses a file over 100 MB with 413 before reading it', async () => {
    const { client } = await signedInClient(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/imports/upload?name=big.csv',
          headers: { cookie, 'content-type': 'text/csv', 'content-length': 100_000_001 },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      // Only the start of the body is sent: the answer comes without the rest.
      req.write('First Name,Last Name\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: IMPORT_UPLOAD_TOO_LARGE });
    expect(IMPORT_UPLOAD_TOO_LARGE).toBe(
      'The file is larger than 100 MB. Split it and import each part.',
    );
  });

  it('previews a staged file, imports it with the duplicates chosen, and undoes it', async () => {
    const { client } = await signedInClient(t);
    // Three people already in the book, by the file's emails of rows 2, 3 and 4.
    const first = await upload(client, googleCsv(3));
    await preview(client, { importId: first });
    await client.mutation('imports.start', { importId: first });
    expect((await finished(client, first)).outcome).toMatchObject({ created: 3, updated: 0 });

    const second = await upload(client, googleCsv(600));
    const seen = await preview(client, { importId: second });
    expect(seen.counts).toEqual({ contacts: 600, new: 597, duplicates: 3, errors: 0, warnings: 0 });
    expect(seen.added.map((c) => c.givenName).slice(0, 2)).toEqual(['Person3', 'Person4']);
    expect(seen.duplicates.map((d) => d.row)).toEqual([2, 3, 4]);

    // Update every duplicate but row 3's.
    const started = await client.mutation('imports.start', {
      importId: second,
      duplicates: 'update',
      rows: [{ row: 3, choice: 'skip' }],
    });
    expect(trpcData<Status>(started)).toMatchObject({ status: 'queued', total: 599, done: 0 });
    const done = await finished(client, second);
    expect(done).toMatchObject({ status: 'done', done: 599, total: 599 });
    expect(done.outcome).toMatchObject({ created: 597, updated: 2 });
    expect(await bookSize(client)).toBe(600);

    // Started twice: refused.
    const again = await client.mutation('imports.start', { importId: second });
    expect(again.status).toBe(409);

    const undo = await client.mutation('imports.undo', { importId: second });
    expect(trpcData(undo)).toEqual({ removed: 597, restored: 2 });
    expect(await bookSize(client)).toBe(3);
    expect((await status(client, second)).status).toBe('undone');
  });

  it('records its progress batch by batch while the job runs', async () => {
    const { client } = await signedInClient(t);
    const cards = Array.from({ length: 400 }, (_, i) =>
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:Card${i};Photo;;;`,
        `FN:Photo Card${i}`,
        `EMAIL:card${i}@example.com`,
        ...(i === 300 ? ['PHOTO;VALUE=uri:https://photos.example/300.png'] : []),
        'END:VCARD',
      ].join('\r\n'),
    );
    const importId = await upload(client, cards.join('\r\n') + '\r\n', 'cards.vcf');
    expect((await preview(client, { importId })).counts.new).toBe(400);

    // The second batch (contacts 251-400) waits on its photo until the test has looked.
    let release!: () => void;
    let reached!: () => void;
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    photoGate = () => {
      reached();
      return new Promise((resolve) => (release = resolve));
    };
    try {
      await client.mutation('imports.start', { importId });
      await waiting;
      expect(await status(client, importId)).toMatchObject({
        status: 'running',
        done: 250,
        total: 400,
      });
      release();
      expect(await finished(client, importId)).toMatchObject({ status: 'done', done: 400 });
    } finally {
      photoGate = null;
    }
    expect(await bookSize(client)).toBe(400);
  });

  it('imports cards with embedded photos, a few megabytes a batch', async () => {
    const { client } = await signedInClient(t);
    const photo = await sharp({
      create: {
        width: 160,
        height: 160,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const base64 = photo.toString('base64');
    const cards = Array.from({ length: 120 }, (_, i) =>
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:Photo${i};Person;;;`,
        `FN:Person Photo${i}`,
        `PHOTO;ENCODING=b;TYPE=JPEG:${base64}`,
        'END:VCARD',
      ].join('\r\n'),
    );
    const file = cards.join('\r\n') + '\r\n';
    expect(file.length).toBeGreaterThan(3 * 1024 * 1024);
    const importId = await upload(client, file, 'photos.vcf');
    expect((await preview(client, { importId })).counts).toMatchObject({ new: 120, errors: 0 });
    await client.mutation('imports.start', { importId });
    expect(await finished(client, importId)).toMatchObject({
      status: 'done',
      done: 120,
      outcome: { created: 120, photosDropped: 0 },
    });
    const res = await client.query('contacts.list', { limit: null });
    const items = trpcData<{ items: { photo: string | null }[] }>(res).items;
    expect(items).toHaveLength(120);
    expect(items.every((item) => item.photo)).toBe(true);
  });

  it('gives a vCard group’s label to its members wherever the group card is', async () => {
    const { client } = await signedInClient(t);
    const person = (i: number) =>
      `BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:p${i}\r\nFN:P ${i}\r\nN:P;${i};;;\r\nEND:VCARD\r\n`;
    const group =
      'BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Climbers\r\nMEMBER:urn:uuid:p1\r\nMEMBER:urn:uuid:p450\r\nEND:VCARD\r\n';
    // The group first, its second member 450 cards later (another chunk of the reader).
    const file = group + Array.from({ length: 451 }, (_, i) => person(i)).join('');
    const importId = await upload(client, file, 'group.vcf');
    expect((await preview(client, { importId })).counts).toMatchObject({ new: 451, warnings: 0 });
    await client.mutation('imports.start', { importId });
    await finished(client, importId);
    const labels = trpcData<{ name: string; count: number }[]>(await client.query('labels.list'));
    expect(labels.map((l) => [l.name, l.count])).toEqual([['Climbers', 2]]);
  });

  it('starts over a job cut off mid-import: what it wrote is taken back, then the file written once', async () => {
    const { client } = await signedInClient(t);
    const content = googleCsv(300);
    const importId = await upload(client, content);
    await preview(client, { importId });
    // As a job whose server stopped after writing 100 contacts leaves it: running, gone quiet.
    const [run] = await t.db
      .select()
      .from(schema.importRuns)
      .where(eq(schema.importRuns.id, importId));
    const whole = trpcData<WholePreview>(await client.mutation('imports.preview', { content }));
    await client.mutation('imports.batch', { importId, create: whole.contacts.slice(0, 100) });
    await t.db
      .update(schema.importRuns)
      .set({
        status: 'running',
        settings: { ...run!.settings, duplicates: 'skip', rows: [] },
        total: 300,
        done: 100,
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(schema.importRuns.id, importId));
    expect(await bookSize(client)).toBe(100);

    // The queue hands the job out again.
    await queue.send('import', { importId });
    expect(await finished(client, importId)).toMatchObject({ status: 'done', done: 300 });
    expect(await bookSize(client)).toBe(300);
    expect(trpcData(await client.mutation('imports.undo', { importId }))).toEqual({
      removed: 300,
      restored: 0,
    });
  });

  it('lets no other account preview, start, follow or undo someone’s file', async () => {
    const { client: owner } = await signedInClient(t);
    const { client: other } = await signedInClient(t);
    const importId = await upload(owner, googleCsv(5));
    expect((await other.mutation('imports.previewFile', { importId })).status).toBe(404);
    await preview(owner, { importId });
    expect((await other.mutation('imports.start', { importId })).status).toBe(404);
    expect((await other.query('imports.status', { importId })).status).toBe(404);
    await owner.mutation('imports.start', { importId });
    await finished(owner, importId);
    expect(trpcData(await other.mutation('imports.undo', { importId }))).toEqual({
      removed: 0,
      restored: 0,
    });
    expect(await bookSize(owner)).toBe(5);
  });

  it('keeps one staged file per account: a new upload replaces the one not started', async () => {
    const { client } = await signedInClient(t);
    const old = await upload(client, googleCsv(2));
    await upload(client, googleCsv(4));
    expect((await client.mutation('imports.previewFile', { importId: old })).status).toBe(404);
  });

  it('answers 409, not 500, to an upload that a newer one of the account replaced mid-way', async () => {
    const { client, email } = await signedInClient(t);
    const [user] = await database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const half = googleCsv(12_000); // about 0.5 MB: a few of them pass a part's 1 MiB
    let sendRest: () => void = () => {};
    const first = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/imports/upload?name=first.csv',
          headers: { cookie, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write(half + half + half);
      sendRest = () => req.end(half + half + half);
    });
    // The first upload is under way (its row written), then a second one replaces it.
    const { importRuns } = schema;
    for (let i = 0; i < 200; i++) {
      const runs = await database.db
        .select({ id: importRuns.id })
        .from(importRuns)
        .where(eq(importRuns.userId, user!.id));
      if (runs.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const second = await upload(client, googleCsv(3), 'second.csv');
    sendRest();
    const answer = await first;
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body).message).toMatch(
      /^Another file was chosen for import meanwhile/,
    );
    expect(await preview(client, { importId: second })).toMatchObject({ counts: { contacts: 3 } });
  });

  it('reads every fixture as the SDK’s preview of the whole text does, and writes the same book', async () => {
    const dir = join(import.meta.dirname, '../../../../packages/api/src/imports/fixtures');
    for (const name of readdirSync(dir)) {
      const content = readFileSync(join(dir, name), 'utf8');
      const { client: viaText } = await signedInClient(t);
      const { client: viaFile } = await signedInClient(t);
      let whole = trpcData<WholePreview>(await viaText.mutation('imports.preview', { content }));
      const importId = await upload(viaFile, content, name);
      let streamed = await preview(viaFile, { importId });
      if (whole.needsMapping) {
        const { mapping } = whole;
        whole = trpcData<WholePreview>(
          await viaText.mutation('imports.preview', { content, mapping }),
        );
        streamed = await preview(viaFile, { importId, mapping });
      }
      const severity = (s: string) => whole.problems.filter((p) => p.severity === s).length;
      expect(streamed.counts, name).toEqual({
        contacts: whole.contacts.length,
        new: whole.contacts.length,
        duplicates: 0,
        errors: severity('error'),
        warnings: severity('warning'),
      });
      expect(streamed.problems, name).toEqual(whole.problems.slice(0, 50));

      await viaText.mutation('imports.batch', {
        importId: crypto.randomUUID(),
        create: whole.contacts,
      });
      await viaFile.mutation('imports.start', { importId });
      await finished(viaFile, importId);
      expect(await comparableBook(viaFile), name).toEqual(await comparableBook(viaText));
    }
  });

  it('answers /api/health while a large file is parsed', async () => {
    const { client } = await signedInClient(t);
    const importId = await upload(client, googleCsv(20_000));
    const order: string[] = [];
    const previewing = client
      .mutation('imports.previewFile', { importId })
      .then((res) => order.push(`preview ${res.status}`));
    for (let i = 0; i < 3; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      order.push(`health ${health.statusCode}`);
    }
    await previewing;
    expect(order).toEqual(['health 200', 'health 200', 'health 200', 'preview 200']);
  });
});
