/**
 * Closing the app, as a shutdown does (docs/deployment.md, "How the process works"), ends once
 * the requests in flight are answered, even when their clients keep connections alive as
 * browsers do: the answer says `Connection: close`, and no new connection is taken.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('answers a request in flight, then closes without waiting for its kept-alive connection', async () => {
  const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-this-one-42' });
  // A sign-in whose body arrives in two parts, the second after the close has begun.
  const req = request(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; connection: string | undefined }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection }),
        );
      });
      req.on('error', reject);
    },
  );
  req.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 200));

  const started = Date.now();
  const closed = t.app.close().then(() => Date.now() - started);
  await new Promise((r) => setTimeout(r, 100));
  req.end(body.slice(10));

  const answer = await answered;
  expect(answer.status).toBe(401);
  expect(answer.connection).toBe('close');
  // Without the fix the close waited for the keep-alive timeout (72 s).
  const closeMs = await Promise.race([
    closed,
    new Promise<number>((r) => setTimeout(r, 5_000, -1)),
  ]);
  expect(closeMs).toBeGreaterThan(0);
  expect(closeMs).toBeLessThan(2_000);
  const after = await fetch(`${baseUrl}/api/health`).catch((error: Error) => error);
  expect(after).toBeInstanceOf(Error);
  agent.destroy();
});

it('while leaving, health answers 503 and every answer closes its connection; the rest is served', async () => {
  const lifecycle = { leaving: false };
  const leaving = await createTestApp({ lifecycle });
  try {
    const baseUrl = await leaving.app.listen({ host: '127.0.0.1', port: 0 });
    const before = await fetch(`${baseUrl}/api/health`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).not.toBe('close');

    lifecycle.leaving = true;
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'stopping' });
    expect(health.headers.get('connection')).toBe('close');
    // Requests the balancer still sends meanwhile are answered as usual.
    const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-this-one-42' }),
    });
    expect(login.status).toBe(401);
    expect(login.headers.get('connection')).toBe('close');
  } finally {
    await leaving.close();
  }
});
