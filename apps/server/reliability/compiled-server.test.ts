/**
 * The compiled server (`dist/main.js`, what `pnpm start` runs; docs/deployment.md, "How the
 * process works") works from its one file: from a fresh data folder it creates and migrates
 * the embedded database, answers /api/health, serves the web app and the API documentation,
 * in production mode with no NODE_ENV given; the packages it loads at run time (argon2, sharp,
 * the breached-password list, PGlite's worker) work; and SIGTERM stops it with exit code 0.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb } from '@kith/db';
import { isContactsApiError } from '@kith/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { png } from '../src/test-support/test-images';
import { insertVerifiedUsers, serverProcess, signIn, type ServerProcess } from './harness';

const serverDir = resolve(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'kith-compiled-'));
const dataDir = join(root, 'data');
const webDir = join(root, 'web');
let server: ServerProcess;

beforeAll(async () => {
  // A stand-in for the web build (apps/web/dist), which this suite does not build.
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Kith stand-in</title>');
  writeFileSync(join(webDir, 'assets/app-0123abcd.js'), 'console.log("kith");');
  server = await serverProcess(
    undefined,
    {
      // Unset: the bundle itself defaults to production, which needs a secret and an address.
      NODE_ENV: '',
      APP_SECRET: 'compiled-test-secret-that-is-at-least-32-characters',
      WEB_DIST_DIR: webDir,
      API_DOCS: 'true',
    },
    { compiled: true, dataDir },
  );
  await server.start();
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

it('starts on a fresh embedded database, serves the app and the docs, stops with 0', async () => {
  const health = await fetch(`${server.baseUrl}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });

  const page = await fetch(`${server.baseUrl}/contacts/some-client-route`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Kith stand-in');
  const asset = await fetch(`${server.baseUrl}/assets/app-0123abcd.js`);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // Swagger UI's own files are read from its package folder at run time.
  const docs = await fetch(`${server.baseUrl}/api/docs`);
  expect(docs.status).toBe(200);
  const css = await fetch(`${server.baseUrl}/api/docs/static/swagger-ui.css`);
  expect(css.status).toBe(200);
  expect(css.headers.get('content-type')).toContain('text/css');
  // Production mode: the security headers and no development origins.
  expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");

  const exit = await server.stop('SIGTERM');
  expect(exit).toMatchObject({ code: 0, signal: null });
}, 120_000);

it('signs in (argon2), takes a photo (sharp) and stores a contact from the bundle', async () => {
  // The folder now holds a migrated database; an account goes in while no server has it open.
  const seed = await createDb({ pgliteDir: join(dataDir, 'pglite') });
  const [user] = await insertVerifiedUsers(
    async (text, values) => (await seed.executeSql(text, values)).rows,
    1,
  );
  await seed.close();
  await server.start();
  const client = (await signIn(server.baseUrl, [user!]))[0]!.client;

  const { image } = await client.images.upload.mutate({ data: new Uint8Array(await png()) });
  const contact = await client.contacts.create.mutate({
    givenName: 'Bundled',
    familyName: 'Person',
    phones: [{ value: '+1 555 0142', type: '' }],
    photo: image.publicId,
  });
  expect(contact.photo).not.toBeNull();
  // A breached password is refused (the list read from its package at start).
  const refused = await client.account.changePassword
    .mutate({ currentPassword: 'kith-harbour-42', newPassword: 'password123' })
    .catch((error: unknown) => error);
  expect(isContactsApiError(refused) && refused.status).toBe(400);
}, 120_000);

it('a second server on a data folder in use exits 1 with one line saying so', async () => {
  // The first server of this file still has the folder open.
  const second = spawnSync(process.execPath, [join(serverDir, 'dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      APP_SECRET: 'compiled-test-secret-that-is-at-least-32-characters',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  const lines = second.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/the data folder .* is in use by process \d+/);
}, 90_000);
