import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The installable app (docs/offline.md#installing): its service worker and web manifest are
// allowed by the pages' Content-Security-Policy. (Their media types and `Cache-Control:
// no-cache` come from the static files' setup as for any file outside assets/.)
let t: TestApp;
let web: FastifyInstance;
const worker = 'self.addEventListener("fetch", () => {});\n'.repeat(100);
const manifest = JSON.stringify({ name: 'Kith', short_name: 'Kith', start_url: '/' });

beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(join(tmpdir(), 'kith-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'sw.js'), worker);
  writeFileSync(join(root, 'manifest.webmanifest'), manifest);
  web = await buildApp({ env: { ...t.env, WEB_DIST_DIR: root }, deps: t.deps, serveWeb: true });
});

afterAll(async () => {
  await web.close();
  await t.close();
});

describe('the installable app', () => {
  it("serves its service worker and manifest with their media types, revalidated, and the pages' CSP lets them in (worker-src, manifest-src 'self')", async () => {
    const sw = await web.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const res = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ short_name: 'Kith' });

    const page = await web.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
