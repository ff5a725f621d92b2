/**
 * The history over `/api/v1` (docs/api.md#history): a contact's History, "Restore this
 * version", and "Undo changes" with its preview, in the `{success, message, data}` envelope,
 * each answer checked against the schema /api/v1/openapi.json gives for its status.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestClient, type TestResponse } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

interface Operation {
  tags: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

let t: TestApp;
let document: OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});

afterAll(async () => {
  await t.close();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
const DAY_MS = 24 * 60 * 60_000;

/** The answer's status is one the document lists for the call, and its schema takes the body. */
function expectDocumented(method: string, path: string, res: TestResponse) {
  const operation = document.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const schema = operation!.responses[String(res.status)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} documents ${res.status}`).toBeDefined();
  const validate = ajv.compile({ ...schema, components: document.components });
  validate(res.body);
  expect(validate.errors ?? [], JSON.stringify(res.body)).toEqual([]);
}

interface LegacyCard {
  _id: string;
  firstName: string;
  lastName: string;
  isFavorite: boolean;
  isTrashed: boolean;
  labels: { id: string; name: string }[];
}
interface HistoryEntry {
  recordedAt: string;
  source: { via: string; to?: string } | null;
  card: LegacyCard;
  previous: LegacyCard | null;
  versionId: string | null;
  previousVersionId: string | null;
}
interface History {
  entries: HistoryEntry[];
  truncated: boolean;
}

async function history(client: TestClient, contactId: string) {
  const res = await client.rest('GET', `/contacts/${contactId}/history`);
  expectDocumented('GET', '/contacts/{id}/history', res);
  return res;
}

async function createContact(client: TestClient, firstName: string, lastName = 'Lovelace') {
  const res = await client.rest('POST', '/contacts', {
    firstName,
    lastName,
    phone: '+44 20 7946 0018',
  });
  expect(res.status).toBe(201);
  return (res.body.data as { _id: string })._id;
}

describe('the OpenAPI document', () => {
  it('documents the four history calls under History, with their inputs and failures', () => {
    const calls = {
      'GET /contacts/{id}/history': ['200', '400', '403', '404', '500'],
      'POST /contacts/{id}/history/{versionId}/restore': ['200', '400', '403', '404', '500'],
      'GET /history/undo-preview': ['200', '400', '403', '500'],
      'POST /history/undo': ['200', '400', '403', '429', '500'],
    };
    for (const [call, statuses] of Object.entries(calls)) {
      const [method, path] = call.split(' ') as [string, string];
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, call).toBeDefined();
      expect(operation!.tags).toEqual(['History']);
      expect(Object.keys(operation!.responses).sort(), call).toEqual(statuses);
    }
    const restore = document.paths['/contacts/{id}/history/{versionId}/restore']!.post!;
    expect(restore.parameters?.map((p) => `${p.in} ${p.name}`).sort()).toEqual([
      'path id',
      'path versionId',
    ]);
    const preview = document.paths['/history/undo-preview']!.get!;
    expect(preview.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'at', required: true }),
    ]);
    const undo = document.paths['/history/undo']!.post!;
    expect(undo.requestBody?.content['application/json']?.schema).toMatchObject({
      required: ['at'],
    });
  });
});

describe("a contact's History", () => {
  it('lists the changes newest first, each with the contact before and after and its source', async () => {
    const { client } = await signedInClient(t);
    const id = await createContact(client, 'Ada');
    await pause();
    expect((await client.rest('PATCH', `/contacts/${id}`, { lastName: 'King' })).status).toBe(200);

    const res = await history(client, id);
    expect(res.status).toBe(200);
    const { entries, truncated } = res.body.data as History;
    expect(truncated).toBe(false);
    expect(entries).toHaveLength(2);
    const [edit, creation] = entries as [HistoryEntry, HistoryEntry];
    expect(edit).toMatchObject({
      source: { via: 'api' },
      card: { _id: id, firstName: 'Ada', lastName: 'King', labels: [] },
      previous: { _id: id, lastName: 'Lovelace' },
      versionId: null,
    });
    expect(creation).toMatchObject({
      source: { via: 'api' },
      card: { lastName: 'Lovelace' },
      previous: null,
      previousVersionId: null,
      versionId: edit.previousVersionId,
    });
    expect(Date.parse(edit.recordedAt)).toBeGreaterThan(Date.parse(creation.recordedAt));
  });

  it('answers 404 for another person’s contact, 400 for an id that is no id, 403 signed out', async () => {
    const { client: owner } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const id = await createContact(owner, 'Ada');

    const other = await history(stranger, id);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, message: 'Contact not found.', data: null });
    expect((await history(owner, 'not-an-id')).status).toBe(400);
    expect((await history(new TestClient(t.app), id)).status).toBe(403);
  });
});

describe('Restore this version', () => {
  it('makes the contact what the version holds and answers it; the restore is in the History', async () => {
    const { client } = await signedInClient(t);
    const id = await createContact(client, 'Ada');
    await pause();
    await client.rest('PATCH', `/contacts/${id}`, { lastName: 'King' });
    expect((await client.rest('PATCH', `/favorites/${id}`, { isFavorite: true })).status).toBe(200);
    await pause();
    const before = (await history(client, id)).body.data as History;
    const lovelace = before.entries.find((e) => e.previous?.lastName === 'Lovelace')!;

    const path = '/contacts/{id}/history/{versionId}/restore';
    const res = await client.rest(
      'POST',
      `/contacts/${id}/history/${lovelace.previousVersionId}/restore`,
    );
    expectDocumented('POST', path, res);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Version restored',
      data: { _id: id, lastName: 'Lovelace', isFavorite: false },
    });

    const after = (await history(client, id)).body.data as History;
    expect(after.entries).toHaveLength(before.entries.length + 1);
    expect(after.entries[0]).toMatchObject({
      source: { via: 'restore', to: expect.any(String) },
      previous: { lastName: 'King', isFavorite: true },
      card: { lastName: 'Lovelace', isFavorite: false },
    });
  });

  it('answers 404 for a version of another contact or account, or one not kept', async () => {
    const { client } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const mine = await createContact(client, 'Ada');
    const theirs = await createContact(stranger, 'Bob', 'Smith');
    await client.rest('PATCH', `/contacts/${mine}`, { lastName: 'King' });
    await stranger.rest('PATCH', `/contacts/${theirs}`, { lastName: 'Jones' });
    const myVersion = ((await history(client, mine)).body.data as History).entries[0]!
      .previousVersionId!;
    const theirVersion = ((await history(stranger, theirs)).body.data as History).entries[0]!
      .previousVersionId!;
    const path = '/contacts/{id}/history/{versionId}/restore';

    const cases = [
      [client, mine, theirVersion],
      [client, theirs, theirVersion],
      [stranger, mine, myVersion],
      [client, mine, crypto.randomUUID()],
    ] as const;
    for (const [who, contactId, versionId] of cases) {
      const res = await who.rest('POST', `/contacts/${contactId}/history/${versionId}/restore`);
      expectDocumented('POST', path, res);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, data: null });
    }
    const malformed = await client.rest('POST', `/contacts/${mine}/history/v1/restore`);
    expectDocumented('POST', path, malformed);
    expect(malformed.status).toBe(400);
    // Nothing was restored: the stranger's contact and mine are as they were.
    const ada = await client.rest('GET', `/contacts/${mine}`);
    expect(ada.body.data).toMatchObject({ lastName: 'King' });
  });
});

describe('Undo changes', () => {
  it('counts what it will do, then puts the book back as it was at the moment', async () => {
    const { client } = await signedInClient(t);
    const ada = await createContact(client, 'Ada');
    const bob = await createContact(client, 'Bob', 'Smith');
    await pause();
    const moment = new Date().toISOString();
    await pause();
    await client.rest('PATCH', `/contacts/${ada}`, { lastName: 'King' });
    await client.rest('PATCH', `/trash/${bob}`);
    const cy = await createContact(client, 'Cy', 'Young');

    const preview = await client.rest(
      'GET',
      `/history/undo-preview?at=${encodeURIComponent(moment)}`,
    );
    expectDocumented('GET', '/history/undo-preview', preview);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({ changed: 2, recreated: 0, removed: 1, labels: 0 });

    const undo = await client.rest('POST', '/history/undo', { at: moment });
    expectDocumented('POST', '/history/undo', undo);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({
      success: true,
      message: 'Changes undone',
      data: { changed: 2, recreated: 0, removed: 1, labels: 0, restoredAt: expect.any(String) },
    });

    expect((await client.rest('GET', `/contacts/${ada}`)).body.data).toMatchObject({
      lastName: 'Lovelace',
    });
    expect((await client.rest('GET', `/contacts/${bob}`)).body.data).toMatchObject({
      isTrashed: false,
    });
    expect((await client.rest('GET', `/contacts/${cy}`)).status).toBe(404);

    // Undoing the changes from just before the undo takes the undo back.
    const restoredAt = (undo.body.data as { restoredAt: string }).restoredAt;
    const justBefore = new Date(Date.parse(restoredAt) - 1).toISOString();
    const again = await client.rest('POST', '/history/undo', { at: justBefore });
    expect(again.status).toBe(200);
    expect((await client.rest('GET', `/contacts/${ada}`)).body.data).toMatchObject({
      lastName: 'King',
    });
  });

  it('answers 400 with the reason for a moment in the future, too old or missing', async () => {
    const { client } = await signedInClient(t);
    const future = new Date(Date.now() + 60_000).toISOString();
    const old = new Date(Date.now() - 31 * DAY_MS).toISOString();
    const cases = [
      [future, /in the past/],
      [old, /30 days/],
      ['yesterday', /date and time/],
    ] as const;
    for (const [at, reason] of cases) {
      const preview = await client.rest(
        'GET',
        `/history/undo-preview?at=${encodeURIComponent(at)}`,
      );
      expectDocumented('GET', '/history/undo-preview', preview);
      expect(preview.status).toBe(400);
      expect(preview.body).toMatchObject({
        success: false,
        message: expect.stringMatching(reason),
      });
      const undo = await client.rest('POST', '/history/undo', { at });
      expectDocumented('POST', '/history/undo', undo);
      expect(undo.status).toBe(400);
      expect(undo.body.message).toMatch(reason);
    }
    const missing = await client.rest('GET', '/history/undo-preview');
    expectDocumented('GET', '/history/undo-preview', missing);
    expect(missing.status).toBe(400);
    expect((await client.rest('POST', '/history/undo', {})).status).toBe(400);
  });

  it('answers 403 without a session, in the envelope', async () => {
    const res = await new TestClient(t.app).rest('POST', '/history/undo', {
      at: new Date().toISOString(),
    });
    expectDocumented('POST', '/history/undo', res);
    expect(res.status).toBe(403);
  });
});
