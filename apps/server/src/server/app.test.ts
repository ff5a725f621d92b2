import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('names the database it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: t.dbKind });
  });
});

describe('tRPC at /api/trpc', () => {
  it('answers a query with superjson', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trpc/health.check' });
    expect(res.json()).toEqual({ result: { data: { json: { status: 'ok', db: t.dbKind } } } });
  });
});

describe('security headers', () => {
  it('sends a CSP that allows no other host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's other headers on every answer, a page's and the API's", async () => {
    for (const url of ['/api/health', '/api/trpc/health.check', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
        'x-dns-prefetch-control': 'off',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
      });
    }
  });
});

describe('Origin check', () => {
  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('another site'),
    });
  });

  it('lets our own origin and clients that send no Origin through', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nowhere',
      headers: { origin: t.env.PUBLIC_URL },
    });
    const sdk = await t.app.inject({ method: 'POST', url: '/api/v1/nowhere' });
    expect(own.statusCode).toBe(404);
    expect(sdk.statusCode).toBe(404);
  });
});

describe('unknown paths', () => {
  it('answers 404 in the REST envelope under /api/v1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });
});
