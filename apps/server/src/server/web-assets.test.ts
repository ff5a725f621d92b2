import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The web app's files are compressed once, at build, and served as they are.
let t: TestApp;
let web: FastifyInstance;
const script = 'export const answer = 42;\n'.repeat(200);
const page = `<!doctype html><title>Kith</title>${'<div id="root"></div>'.repeat(100)}`;
const landing = `<!doctype html><title>Kith</title>${'<h1>Your contacts, private</h1>'.repeat(100)}`;
const help = `<!doctype html><title>Help</title>${'<h1>Help Center</h1>'.repeat(100)}`;

beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(join(tmpdir(), 'kith-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'prerendered'));
  // As the build writes them: each text file with its .br and .gz beside it.
  for (const [name, text] of [
    ['assets/app-abc123.js', script],
    ['index.html', page],
    ['prerendered/index.html', landing],
    ['prerendered/help.html', help],
  ] as const) {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  }
  web = await buildApp({ env: { ...t.env, WEB_DIST_DIR: root }, deps: t.deps, serveWeb: true });
});

afterAll(async () => {
  await web.close();
  await t.close();
});

const get = (url: string, encoding: string, cookie?: string) =>
  web.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) },
  });

describe('the built web app', () => {
  it('sends the brotli file to a browser that takes brotli, gzip to one that takes only gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(brotliCompressSync(script));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(script));

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a client route its compressed index.html, never cached', async () => {
    const res = await get('/privacy', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload).toEqual(brotliCompressSync(page));
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a visitor the prerendered public page, and a signed-in person the app shell', async () => {
    for (const [path, html] of [
      ['/', landing],
      ['/help', help],
    ] as const) {
      const visitor = await get(path, 'br');
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers['content-encoding']).toBe('br');
      expect(visitor.rawPayload).toEqual(brotliCompressSync(html));
      expect(visitor.headers['cache-control']).toBe('no-cache');
      expect(visitor.headers.vary).toContain('Cookie');

      const signedIn = await get(path, 'gzip', 'signed_in=1; access_token=x');
      expect(signedIn.rawPayload).toEqual(gzipSync(page));
    }
    // A page the build did not prerender is the shell for everyone.
    expect((await get('/terms', 'identity')).body).toBe(page);
  });
});
