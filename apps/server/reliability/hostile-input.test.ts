/**
 * Hostile input (docs/reliability.md): property-based tests (fast-check) over every tRPC procedure
 * and every REST route with random and malformed JSON, huge strings, deep nesting, unicode edge
 * cases, `__proto__` keys and wrong types, and hostile uploads. Never a 5xx, never a crash, never a
 * changed row: a refused call changes nothing of the caller's, and nothing of another person's ever
 * changes.
 */
import { readdirSync } from 'node:fs';
import { appRouter, restRoutes } from '@kith/api';
import { executeRows } from '@kith/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/test-support/test-app';
import type { TestClient, TestResponse } from '../src/test-support/test-client';
import { jpegWithGps, multipart, png, pngBomb } from '../src/test-support/test-images';
import { signedInClient } from '../src/test-support/test-users';
import { report } from './harness';

/** Random inputs tried per procedure and per route. */
const RUNS = 20;
/** Calls that end the caller's own session: fuzzing them would only test signed-out paths. */
const SESSION_ENDING = new Set(['auth.logout', 'POST /auth/logout']);

let t: TestApp;
let attacker: { client: TestClient; userId: string };
let victimId: string;
/** What the report shows: inputs sent, and every breach seen (each also fails its test). */
const figures = { inputsTried: 0, serverErrors: 0, rowsChanged: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await signedInClient(t);
  attacker = { client: signedIn.client, userId: await userIdOf(signedIn.email) };
  const victim = await signedInClient(t);
  victimId = await userIdOf(victim.email);
  await victim.client.rest('POST', '/contacts', {
    firstName: 'Victim',
    lastName: 'Person',
    phone: '+1 555 0100',
  });
  await attacker.client.rest('POST', '/contacts', {
    firstName: 'Attacker',
    lastName: 'Own',
    phone: '+1 555 0199',
  });
});

afterAll(async () => {
  report('hostile input', figures);
  await t?.close();
});

async function userIdOf(email: string): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    t.db,
    sql`select id from users where email = ${email}`,
  );
  return row!.id;
}

/** A digest of every row a person owns: contacts, images, feedback and the account. */
async function checksum(userId: string): Promise<string> {
  const [row] = await executeRows<{ sum: string }>(
    t.db,
    sql`select md5(coalesce(string_agg(x, ',' order by x), '')) as sum from (
      select c::text as x from contacts c where c.user_id = ${userId}
      union all select i::text from images i where i.owner_id = ${userId}
      union all select f::text from feedback f where f.user_id = ${userId}
      union all select u.id::text || u.email || u.password_hash from users u where u.id = ${userId}
    ) rows`,
  );
  return row!.sum;
}

/** Sends one hostile call and checks the rules; returns the answer. */
async function expectHandled(label: string, send: () => Promise<TestResponse>) {
  const [attackerBefore, victimBefore] = [
    await checksum(attacker.userId),
    await checksum(victimId),
  ];
  const res = await send();
  const victimAfter = await checksum(victimId);
  const attackerAfter = await checksum(attacker.userId);
  figures.inputsTried += 1;
  if (res.status >= 500) figures.serverErrors += 1;
  if (victimAfter !== victimBefore || (res.status >= 400 && attackerAfter !== attackerBefore)) {
    figures.rowsChanged += 1;
  }
  expect(
    res.status,
    `${label} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
  ).toBeLessThan(500);
  expect(await checksum(victimId), `${label} changed another person's rows`).toBe(victimBefore);
  if (res.status >= 400) {
    expect(await checksum(attacker.userId), `${label} was refused but changed rows`).toBe(
      attackerBefore,
    );
  }
  return res;
}

const edgeStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202Etxt.exe',
  '👩‍👩‍👧‍👦',
  'ǅ̸̢̛̗̺͚̙̜͍͖̗̃̃̔̓̓̈́',
  "'; drop table contacts; --",
  '%_\\',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'x'.repeat(100_000),
);
const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString');

/** Values of every JSON shape and wrong type, with hostile strings and keys mixed in. */
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 1e308, 0),
    edgeStrings,
    fc.string({ unit: 'binary' }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(protoKeys, fc.string()), tie('value'), { maxKeys: 4 }),
    fc.record({
      firstName: tie('value'),
      lastName: tie('value'),
      phone: tie('value'),
      email: tie('value'),
      givenName: tie('value'),
      familyName: tie('value'),
      phones: tie('value'),
      emails: tie('value'),
      id: fc.oneof(fc.uuid(), tie('value')),
      contactIds: tie('value'),
      query: tie('value'),
    }),
  ),
})).value;

/** Raw bodies that are not the JSON they claim to be, or JSON built to hurt a parser. */
const malformedBody = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{',
    '{"json":',
    '[]]',
    'null',
    '{"json": {"__proto__": {"polluted": true}}}',
    '{"json": {}, "meta": {"values": {"__proto__.polluted": ["custom", "x"]}}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    `{"json": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
    `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  ),
);

const procedures = Object.entries(
  // tRPC keeps a flat map of every procedure by its dotted path.
  appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>,
).filter(([path]) => !SESSION_ENDING.has(path));

describe('every tRPC procedure', () => {
  it.each(procedures)(
    '%s refuses hostile input without a 5xx or a changed row',
    async (path, procedure) => {
      const { type } = procedure._def;
      await fc.assert(
        fc.asyncProperty(hostileValue, fc.option(hostileValue), async (input, meta) => {
          const body = meta === null ? { json: input } : { json: input, meta: { values: meta } };
          await expectHandled(path, () =>
            type === 'query'
              ? attacker.client.send({
                  method: 'GET',
                  url: `/api/trpc/${path}?input=${encodeAny(JSON.stringify(body))}`,
                })
              : attacker.client.send({ method: 'POST', url: `/api/trpc/${path}`, payload: body }),
          );
        }),
        { numRuns: RUNS },
      );
      if (type === 'mutation') {
        await fc.assert(
          fc.asyncProperty(malformedBody, async (raw) => {
            await expectHandled(path, () =>
              attacker.client.send({
                method: 'POST',
                url: `/api/trpc/${path}`,
                payload: raw,
                headers: { 'content-type': 'application/json' },
              }),
            );
          }),
          { numRuns: 10 },
        );
      }
    },
  );
});

/** Percent-encodes any text; a lone surrogate, which has no UTF-8, becomes invalid UTF-8. */
function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const routes = restRoutes.filter((route) => !SESSION_ENDING.has(`${route.method} ${route.path}`));

describe('every REST route', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses hostile input without a 5xx or a changed row',
    async (label, route) => {
      const pathId = fc.oneof(fc.uuid(), edgeStrings.map(encodeAny), fc.constant('%00'));
      await fc.assert(
        fc.asyncProperty(pathId, fc.oneof(hostileValue, malformedBody), async (id, body) => {
          const url = `/api/v1${route.path.replace(':id', id)}`;
          const raw = typeof body === 'string';
          await expectHandled(label, () =>
            attacker.client.send({
              method: route.method,
              url:
                route.method === 'GET'
                  ? `${url}?query=${encodeAny(raw ? body : JSON.stringify(body))}`
                  : url,
              ...(route.method === 'GET'
                ? {}
                : {
                    payload: raw ? body : JSON.stringify(body),
                    headers: { 'content-type': 'application/json' },
                  }),
            }),
          );
        }),
        { numRuns: RUNS },
      );
    },
  );
});

describe('batches and encoded paths', () => {
  const paths = procedures.map(([path]) => path);

  it('answers any batch of hostile calls without a 5xx, and refuses more than 20 calls', async () => {
    const call = fc.tuple(fc.constantFrom(...paths), hostileValue);
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 30 }), async (calls) => {
        const body = Object.fromEntries(calls.map(([, input], i) => [i, { json: input }]));
        const res = await expectHandled(`batch of ${calls.length}`, () =>
          attacker.client.send({
            method: 'POST',
            url: `/api/trpc/${calls.map(([path]) => path).join(',')}?batch=1`,
            payload: body,
          }),
        );
        if (calls.length > 20) expect(res.status).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });

  it('routes a percent-encoded REST path to the same procedure, limits and all', async () => {
    const encodeOneLetter = (path: string, at: number) => {
      const letters = [...path.matchAll(/[a-z]/g)].filter(
        (m) => !path.slice(0, m.index).includes(':'),
      );
      const { index } = letters[at % letters.length]!;
      const hex = path.charCodeAt(index).toString(16);
      return `${path.slice(0, index)}%${hex}${path.slice(index + 1)}`;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.nat(),
        fc.oneof(hostileValue, malformedBody),
        async (route, at, body) => {
          const path = encodeOneLetter(route.path, at).replace(':id', crypto.randomUUID());
          const raw = typeof body === 'string';
          const res = await expectHandled(`${route.method} ${path}`, () =>
            attacker.client.send({
              method: route.method,
              url: `/api/v1${path}`,
              ...(route.method === 'GET'
                ? {}
                : {
                    payload: raw ? body : JSON.stringify(body),
                    headers: { 'content-type': 'application/json' },
                  }),
            }),
          );
          // Never the 404 of an unknown path: the encoded path reached its route.
          expect(res.body.message ?? '').not.toMatch(/^Not found: /);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('hostile uploads', () => {
  const uploadsOnDisk = () => {
    try {
      return readdirSync(t.uploadsDir, { recursive: true }).length;
    } catch {
      return 0;
    }
  };

  async function upload(bytes: Uint8Array, name: string, type: string) {
    const filesBefore = uploadsOnDisk();
    const body = await multipart({}, { field: 'image', bytes, name, type });
    const res = await expectHandled(`upload ${name}`, () =>
      attacker.client.send({ method: 'POST', url: '/api/v1/image', ...body }),
    );
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
    expect(res.body.success).toBe(false);
    expect(uploadsOnDisk(), `${name} left a file behind`).toBe(filesBefore);
  }

  it('refuses random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4096 }), async (bytes) => {
        await upload(bytes, 'random.jpg', 'image/jpeg');
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses truncated JPEG and PNG files', async () => {
    const jpeg = await jpegWithGps(256, 256);
    const image = await png(256, 256);
    for (const cut of [0.25, 0.5, 0.9]) {
      await upload(jpeg.subarray(0, Math.floor(jpeg.length * cut)), 'cut.jpg', 'image/jpeg');
      await upload(image.subarray(0, Math.floor(image.length * cut)), 'cut.png', 'image/png');
    }
  });

  it('refuses a decompression bomb, an SVG with script and a GIF/JavaScript polyglot', async () => {
    await upload(pngBomb(), 'bomb.png', 'image/png');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
    await upload(new TextEncoder().encode(svg), 'logo.svg', 'image/svg+xml');
    await upload(new TextEncoder().encode(svg), 'logo.png', 'image/png');
    const polyglot =
      'GIF89a/*\u0000\u0000*/=alert(document.cookie);//<html><script>alert(1)</script>';
    await upload(new TextEncoder().encode(polyglot), 'anim.gif', 'image/gif');
  });

  it('refuses a file named with a path, and never uses an uploaded file’s name', async () => {
    const script = new TextEncoder().encode('#!/bin/sh\nrm -rf /\n');
    await upload(script, '../../../../etc/cron.d/kith', 'image/jpeg');
    await upload(script, '..\\..\\windows\\system32\\kith.jpg', 'image/jpeg');

    const body = await multipart(
      {},
      { field: 'image', bytes: await png(), name: '../../escape.png' },
    );
    const res = await attacker.client.send({ method: 'POST', url: '/api/v1/image', ...body });
    expect(res.status).toBe(201);
    const stored = readdirSync(t.uploadsDir, { recursive: true }).map(String);
    expect(stored.some((file) => file.includes('escape'))).toBe(false);
  });
});

describe('the server process', () => {
  it('has no polluted prototypes after all of it', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
