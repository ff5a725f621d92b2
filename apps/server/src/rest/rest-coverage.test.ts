/**
 * The `/api/v1` paths added beside the legacy contract (docs/rest-api.md): labels, Merge &
 * fix, the export, reminders and Keep in touch, app passwords, API tokens and sessions, each
 * over HTTP with a session and, where its scopes allow, an API token (docs/api-tokens.md); the
 * OpenAPI document's operationIds and examples; and GET /contacts's paging next to its legacy
 * answer. Every answer is checked against the schema the document gives for its status.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDED_REST_CALLS } from './legacy-rest-calls';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestClient, trpcData, type TestResponse } from '../test-support/test-client';
import { signedInClient, TEST_PASSWORD } from '../test-support/test-users';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface MediaType {
  schema: object;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  tags: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: object }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | object[]>>;
  components: Record<string, unknown>;
}

let t: TestApp;
let document: OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('binary', true);

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});

afterAll(async () => {
  await t.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document under /api/v1, as `METHOD /path`. */
function operations(): [string, Operation][] {
  return Object.entries(document.paths)
    .filter(([, item]) => !('servers' in item))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op as Operation] as const),
    )
    .map(([call, op]) => [call, op]);
}

function operation(method: Method, path: string): Operation {
  const op = document.paths[path]?.[method.toLowerCase()] as Operation | undefined;
  expect(op, `${method} ${path} is documented`).toBeDefined();
  return op!;
}

/** Whether `schema` (with the document's components) accepts `value`; the errors when not. */
function check(schema: object, value: unknown) {
  const validate = ajv.compile({ ...schema, components: document.components });
  validate(value);
  return validate.errors ?? [];
}

/** The answer's status is one the document lists for the call, and its schema takes the body. */
function expectDocumented(method: Method, path: string, res: TestResponse) {
  const schema = operation(method, path).responses[String(res.status)]?.content?.[
    'application/json'
  ]?.schema;
  expect(
    schema,
    `${method} ${path} documents ${res.status}: ${JSON.stringify(res.body)}`,
  ).toBeDefined();
  expect(check(schema!, res.body), `${method} ${path} ${JSON.stringify(res.body)}`).toEqual([]);
}

/**
 * A REST caller for one client: a signed-in TestClient (its cookies), or a token (only
 * `Authorization: Bearer`, no cookies, as a script sends). Fills `{id}` and `{versionId}`
 * from `ids` and checks every answer against the document.
 */
function restOf(who: TestClient | { token: string }) {
  const client = who instanceof TestClient ? who : new TestClient(t.app);
  const headers = who instanceof TestClient ? {} : { authorization: `Bearer ${who.token}` };
  return async (
    method: Method,
    specPath: string,
    options: { id?: string; body?: unknown; query?: string; headers?: Record<string, string> } = {},
  ) => {
    const path = specPath.replace('{id}', options.id ?? '');
    const res = await client.send({
      method,
      url: `/api/v1${path}${options.query ? `?${options.query}` : ''}`,
      headers: { ...headers, ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    expectDocumented(method, specPath, res);
    return { ...res, data: res.body.data as never };
  };
}

async function makeToken(client: TestClient, scopes: string[]) {
  const res = await client.mutation('apiTokens.create', {
    name: 'Script',
    scopes,
    expiresInDays: 7,
  });
  expect(res.status).toBe(200);
  return trpcData<{ token: string }>(res).token;
}

async function makeContact(
  rest: ReturnType<typeof restOf>,
  firstName: string,
  extra: Record<string, string> = {},
) {
  const res = await rest('POST', '/contacts', {
    body: { firstName, lastName: 'Lovelace', phone: '+44 20 7946 0018', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.data as { _id: string })._id;
}

const TOKEN_REFUSED = 'API tokens cannot do this. Sign in to Kith to manage the account.';

describe('the OpenAPI document', () => {
  it('names every operation with a unique camelCase operationId', () => {
    const ids = operations().map(([call, op]) => {
      expect(op.operationId, call).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return op.operationId;
    });
    expect(ids.length).toBeGreaterThan(70);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation with a body an example its schema accepts', () => {
    const withBody = operations().filter(([, op]) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(25);
    for (const [call, op] of withBody) {
      const [type, media] = Object.entries(op.requestBody!.content)[0]!;
      expect(media.example, `${call} has a request example`).toBeDefined();
      if (type === 'application/json') {
        expect(check(media.schema, media.example), `${call} request example`).toEqual([]);
      }
    }
  });

  it('gives every operation a success example its schema accepts', () => {
    for (const [call, op] of operations()) {
      const success = op.responses['200'] ?? op.responses['201'];
      const media = success?.content?.['application/json'];
      expect(media?.example, `${call} has a success example`).toBeDefined();
      expect(check(media!.schema, media!.example), `${call} success example`).toEqual([]);
    }
  });

  it('documents the Idempotency-Key header of POST /contacts', () => {
    const header = operation('POST', '/contacts').parameters?.find(
      (p) => p.in === 'header' && p.name === 'Idempotency-Key',
    ) as { required?: boolean; description?: string; schema: object } | undefined;
    expect(header).toBeDefined();
    expect(header!.required).toBeFalsy();
    expect(header!.description).toContain('422');
    expect(header!.schema).toMatchObject({ minLength: 1, maxLength: 200 });
  });

  it('documents paging on GET /contacts as optional limit and cursor', () => {
    const params = operation('GET', '/contacts').parameters ?? [];
    expect(params.map((p) => `${p.in} ${p.name} ${p.required ?? false}`).sort()).toEqual([
      'query cursor false',
      'query limit false',
    ]);
  });

  it('lists every added call under a tag of its own group', () => {
    const tags = new Set<string>();
    for (const call of ADDED_REST_CALLS) {
      const [method, path] = call.split(' ') as [Method, string];
      tags.add(operation(method, path).tags[0]!);
    }
    expect([...tags].sort()).toEqual([
      'API tokens',
      'App passwords',
      'Export',
      'Keep in touch',
      'Labels',
      'Merge',
      'Reminders',
      'Sessions',
    ]);
  });
});

describe('GET /contacts paging', () => {
  it('walks 250 contacts in pages of 100 with none lost or repeated; without paging, the whole list as before', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    const made: string[] = [];
    for (let i = 0; i < 250; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        makeContact(rest, `Person${String(i + j).padStart(3, '0')}`),
      );
      made.push(...(await Promise.all(batch)));
    }

    const legacy = await rest('GET', '/contacts');
    expect(legacy.status).toBe(200);
    expect(legacy.body.message).toBe('OK');
    expect(Object.keys(legacy.body).sort()).toEqual(['data', 'message', 'success']);
    const whole = legacy.data as { _id: string; firstName: string }[];
    expect(Array.isArray(whole)).toBe(true);
    expect(whole).toHaveLength(250);
    expect(new Set(whole.map((c) => c._id))).toEqual(new Set(made));

    const walked: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await rest('GET', '/contacts', { query });
      expect(page.status).toBe(200);
      const data = page.data as {
        items: { _id: string }[];
        nextCursor: string | null;
        total: number | null;
      };
      expect(data.total).toBe(first ? 250 : null);
      first = false;
      sizes.push(data.items.length);
      walked.push(...data.items.map((c) => c._id));
      cursor = data.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([100, 100, 50]);
    expect(walked).toEqual(whole.map((c) => c._id));
    // 250 creates over HTTP: about 12 s on PGlite alone, more beside other test files.
  }, 180_000);

  it('answers 400 for a limit out of range or a cursor it did not make', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    expect((await rest('GET', '/contacts', { query: 'limit=0' })).status).toBe(400);
    expect((await rest('GET', '/contacts', { query: 'limit=1001' })).status).toBe(400);
    expect((await rest('GET', '/contacts', { query: 'cursor=not-a-cursor' })).status).toBe(400);
  });
});

describe('labels', () => {
  async function walkLabels(rest: ReturnType<typeof restOf>, contactIds: string[]) {
    const created = await rest('POST', '/labels', { body: { name: 'Family' } });
    expect(created.status).toBe(201);
    const id = (created.data as { id: string }).id;
    expect((await rest('POST', '/labels', { body: { name: 'family' } })).status).toBe(409);
    expect((await rest('POST', '/labels', { body: { name: ' ' } })).status).toBe(400);

    const renamed = await rest('PATCH', '/labels/{id}', { id, body: { name: 'Close family' } });
    expect(renamed.data).toEqual({ id, name: 'Close family' });

    const given = await rest('POST', '/labels/{id}/contacts', { id, body: { contactIds } });
    expect((given.data as { changed: number }).changed).toBe(3);
    const list = await rest('GET', '/labels');
    expect(list.data).toEqual([{ id, name: 'Close family', count: 3 }]);
    const ofContact = await rest('GET', '/contacts/{id}/labels', { id: contactIds[0] });
    expect(ofContact.data).toEqual([{ id, name: 'Close family' }]);

    const first = await rest('GET', '/labels/{id}/contacts', { id, query: 'limit=2' });
    const page1 = first.data as { items: { _id: string }[]; nextCursor: string; total: number };
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(3);
    const second = await rest('GET', '/labels/{id}/contacts', {
      id,
      query: `limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`,
    });
    const page2 = second.data as { items: { _id: string }[]; nextCursor: string | null };
    expect(page2.nextCursor).toBeNull();
    expect([...page1.items, ...page2.items].map((c) => c._id).sort()).toEqual(
      [...contactIds].sort(),
    );

    const taken = await rest('DELETE', '/labels/{id}/contacts', {
      id,
      body: { contactIds: [contactIds[0]] },
    });
    expect(taken.data).toEqual({ changed: 1, contactIds: [contactIds[0]] });
    const all = await rest('POST', '/labels/{id}/contacts', {
      id,
      body: { all: { list: 'contacts' } },
    });
    expect((all.data as { changed: number }).changed).toBe(1);

    expect((await rest('DELETE', '/labels/{id}', { id })).data).toEqual({ id });
    expect((await rest('DELETE', '/labels/{id}', { id })).status).toBe(404);
    expect((await rest('GET', '/labels')).data).toEqual([]);
  }

  it('are made, renamed, given, listed a page at a time, taken and deleted with a session', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    const ids = [
      await makeContact(rest, 'Ada'),
      await makeContact(rest, 'Byron'),
      await makeContact(rest, 'Charles'),
    ];
    await walkLabels(rest, ids);
  });

  it('work the same with a labels:write token, and a labels:read token may only read', async () => {
    const { client } = await signedInClient(t);
    const session = restOf(client);
    const ids = [
      await makeContact(session, 'Ada'),
      await makeContact(session, 'Byron'),
      await makeContact(session, 'Charles'),
    ];
    await walkLabels(restOf({ token: await makeToken(client, ['labels:write']) }), ids);

    const reader = restOf({ token: await makeToken(client, ['labels:read']) });
    expect((await reader('GET', '/labels')).status).toBe(200);
    const refused = await reader('POST', '/labels', { body: { name: 'Work' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This API token lacks the scope labels:write.');
  });

  it("answers 404 for another person's label", async () => {
    const { client } = await signedInClient(t);
    const created = await restOf(client)('POST', '/labels', { body: { name: 'Mine' } });
    const id = (created.data as { id: string }).id;
    const { client: other } = await signedInClient(t);
    const rest = restOf(other);
    expect((await rest('PATCH', '/labels/{id}', { id, body: { name: 'Theirs' } })).status).toBe(
      404,
    );
    expect((await rest('GET', '/labels/{id}/contacts', { id })).status).toBe(404);
  });
});

describe('Merge & fix', () => {
  async function walkMerge(rest: ReturnType<typeof restOf>, session: ReturnType<typeof restOf>) {
    const keep = await makeContact(session, 'Ada', { email: 'ada@example.org' });
    const copy = await makeContact(session, 'Augusta', { email: 'ada@example.org' });
    const duplicates = await rest('GET', '/contacts/duplicates');
    const groups = (
      duplicates.data as { groups: { reasons: string[]; contacts: { _id: string }[] }[] }
    ).groups;
    expect(groups).toHaveLength(1);
    expect(groups[0]!.reasons).toContain('email');
    expect(groups[0]!.contacts.map((c) => c._id).sort()).toEqual([keep, copy].sort());

    const dismissed = await rest('POST', '/contacts/duplicates/dismissed', {
      body: { contactIds: [keep, copy] },
    });
    expect(dismissed.data).toEqual({ pairs: 1 });
    const shown = await rest('GET', '/contacts/duplicates/dismissed');
    expect(shown.data as unknown[]).toHaveLength(1);
    expect(((await rest('GET', '/contacts/duplicates')).data as { total: number }).total).toBe(0);
    const undismissed = await rest('DELETE', '/contacts/duplicates/dismissed', {
      body: { contactIds: [keep, copy] },
    });
    expect(undismissed.data).toEqual({ pairs: 1 });

    const merged = await rest('POST', '/contacts/merge', {
      body: { keepId: keep, mergeIds: [copy], take: { name: copy } },
    });
    expect(merged.status).toBe(200);
    const contact = merged.data as { _id: string; firstName: string; undoToken: string };
    expect(contact._id).toBe(keep);
    expect(contact.firstName).toBe('Augusta');
    expect(((await session('GET', '/trash')).data as { _id: string }[]).map((c) => c._id)).toEqual([
      copy,
    ]);

    const undone = await rest('POST', '/contacts/merge/undo', {
      body: { undoToken: contact.undoToken },
    });
    const result = undone.data as { contact: { firstName: string }; recoveredIds: string[] };
    expect(result.contact.firstName).toBe('Ada');
    expect(result.recoveredIds).toEqual([copy]);
    const again = await rest('POST', '/contacts/merge/undo', {
      body: { undoToken: contact.undoToken },
    });
    expect(again.status).toBe(409);
  }

  it('finds duplicates, dismisses them and back, merges and undoes with a session', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    await walkMerge(rest, rest);
  });

  it('works the same with a contacts:write token', async () => {
    const { client } = await signedInClient(t);
    const token = await makeToken(client, ['contacts:write']);
    await walkMerge(restOf({ token }), restOf(client));
  });
});

describe('export', () => {
  it('answers the vCard or CSV text, with a session or a contacts:write token', async () => {
    const { client } = await signedInClient(t);
    const session = restOf(client);
    await makeContact(session, 'Ada', { email: 'ada@example.org' });
    const vcard = await session('POST', '/contacts/export', { body: { format: 'vcf' } });
    const file = vcard.data as { filename: string; contentType: string; content: string };
    expect(file.contentType).toContain('text/vcard');
    expect(file.content).toContain('BEGIN:VCARD');
    expect(file.content).toContain('ada@example.org');

    const token = restOf({ token: await makeToken(client, ['contacts:write']) });
    const csv = await token('POST', '/contacts/export', { body: { format: 'csv' } });
    expect((csv.data as { content: string }).content).toContain('ada@example.org');
    expect((await session('POST', '/contacts/export', { body: { format: 'pdf' } })).status).toBe(
      400,
    );
    const reader = restOf({ token: await makeToken(client, ['contacts:read']) });
    expect((await reader('POST', '/contacts/export', { body: { format: 'csv' } })).status).toBe(
      403,
    );
  });
});

describe('reminders and keep in touch', () => {
  const settings = {
    enabled: true,
    birthdays: true,
    anniversaries: false,
    otherDates: false,
    leadDays: [0, 7],
    sendAt: '08:30',
    timeZone: 'Europe/Madrid',
    delivery: 'weekly_digest',
  };

  async function walkReminders(rest: ReturnType<typeof restOf>, contactId: string) {
    const before = await rest('GET', '/reminders/settings');
    expect(before.data).toMatchObject({ saved: false, enabled: false });
    const saved = await rest('PUT', '/reminders/settings', { body: settings });
    expect(saved.data).toEqual({ saved: true, ...settings });
    const wrongZone = await rest('PUT', '/reminders/settings', {
      body: { ...settings, timeZone: '+01:00' },
    });
    expect(wrongZone.status).toBe(400);
    expect((await rest('GET', '/reminders/settings')).data).toEqual({ saved: true, ...settings });

    expect((await rest('GET', '/reminders/feed')).data).toBeNull();
    const feed = await rest('POST', '/reminders/feed');
    expect(feed.status).toBe(201);
    expect((feed.data as { url: string }).url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{65}\.ics$/);
    expect((await rest('DELETE', '/reminders/feed')).data).toEqual({ revoked: true });
    expect((await rest('GET', '/reminders/feed')).data).toBeNull();

    const none = await rest('GET', '/contacts/{id}/keep-in-touch', { id: contactId });
    expect(none.data).toMatchObject({ interval: null });
    const set = await rest('PUT', '/contacts/{id}/keep-in-touch', {
      id: contactId,
      body: { interval: 'month' },
    });
    expect((set.data as { interval: string; dueOn: string }).interval).toBe('month');
    const talked = await rest('POST', '/contacts/{id}/keep-in-touch/talked-today', {
      id: contactId,
      body: {},
    });
    const today = new Date().toISOString().slice(0, 10);
    expect((talked.data as { lastContactedOn: string }).lastContactedOn).toBe(today);
    const list = await rest('GET', '/keep-in-touch');
    const items = (list.data as { items: { contact: { _id: string }; interval: string }[] }).items;
    expect(items.map((i) => [i.contact._id, i.interval])).toEqual([[contactId, 'month']]);
    const cleared = await rest('PUT', '/contacts/{id}/keep-in-touch', {
      id: contactId,
      body: { interval: null },
    });
    expect(cleared.data).toMatchObject({ interval: null });
    const farAway = await rest('GET', '/keep-in-touch', { query: 'today=2000-01-01' });
    expect(farAway.status).toBe(400);
  }

  it('save settings, make and revoke the feed, and keep in touch with a session', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    await walkReminders(rest, await makeContact(rest, 'Ada'));
  });

  it('work the same with a reminders:write token', async () => {
    const { client } = await signedInClient(t);
    const id = await makeContact(restOf(client), 'Ada');
    await walkReminders(restOf({ token: await makeToken(client, ['reminders:write']) }), id);
  });
});

describe('app passwords, API tokens and sessions', () => {
  it('app passwords are made, listed and revoked with a session, never with a token', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    const made = await rest('POST', '/app-passwords', { body: { name: 'iPhone' } });
    expect(made.status).toBe(201);
    const { id, password } = made.data as { id: string; password: string };
    expect(password.length).toBeGreaterThan(10);
    const list = await rest('GET', '/app-passwords');
    expect((list.data as { id: string; name: string }[]).map((p) => [p.id, p.name])).toEqual([
      [id, 'iPhone'],
    ]);
    expect(JSON.stringify(list.body)).not.toContain(password);
    expect((await rest('POST', '/app-passwords', { body: { name: '' } })).status).toBe(400);

    const token = restOf({ token: await makeToken(client, ['contacts:write', 'labels:write']) });
    for (const [method, path, body] of [
      ['GET', '/app-passwords', undefined],
      ['POST', '/app-passwords', { name: 'Thief' }],
      ['DELETE', '/app-passwords/{id}', undefined],
    ] as const) {
      const refused = await token(method, path, { id, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(TOKEN_REFUSED);
    }

    expect((await rest('DELETE', '/app-passwords/{id}', { id })).data).toEqual({ id });
    expect((await rest('DELETE', '/app-passwords/{id}', { id })).status).toBe(404);
    expect((await rest('GET', '/app-passwords')).data).toEqual([]);
  });

  it('API tokens are made, listed and revoked with a session; a token can do none of it', async () => {
    const { client } = await signedInClient(t);
    const rest = restOf(client);
    const made = await rest('POST', '/api-tokens', {
      body: { name: 'Backup script', scopes: ['contacts:read'], expiresInDays: 30 },
    });
    expect(made.status).toBe(201);
    const { token, apiToken } = made.data as { token: string; apiToken: { id: string } };
    expect(token).toMatch(/^kith_[A-Za-z0-9_-]{43}$/);
    const list = await rest('GET', '/api-tokens');
    expect((list.data as { id: string }[]).map((x) => x.id)).toEqual([apiToken.id]);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const noScope = await rest('POST', '/api-tokens', {
      body: { name: 'x', scopes: [], expiresInDays: 7 },
    });
    expect(noScope.status).toBe(400);

    const script = restOf({ token });
    expect((await script('GET', '/contacts')).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api-tokens', undefined],
      ['POST', '/api-tokens', { name: 'More', scopes: ['contacts:write'], expiresInDays: 7 }],
      ['DELETE', '/api-tokens/{id}', undefined],
    ] as const) {
      const refused = await script(method, path, { id: apiToken.id, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(TOKEN_REFUSED);
    }

    expect((await rest('DELETE', '/api-tokens/{id}', { id: apiToken.id })).data).toEqual({
      revoked: true,
    });
    // Refused from its next request, with the token's own 401 (docs/api-tokens.md).
    const afterRevoke = await new TestClient(t.app).send({
      method: 'GET',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterRevoke.status).toBe(401);
    expect((await rest('GET', '/api-tokens')).data).toEqual([]);
    expect((await rest('DELETE', '/api-tokens/{id}', { id: apiToken.id })).status).toBe(404);
  });

  it('sessions are listed, one other or every other signed out, with a session only', async () => {
    const { client, email } = await signedInClient(t);
    const rest = restOf(client);
    const signIn = async () => {
      const other = new TestClient(t.app);
      const res = await other.rest('POST', '/auth/login', { email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      return other;
    };
    await signIn();
    await signIn();
    const sessions = (await rest('GET', '/sessions')).data as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    const own = sessions[0]!.id;
    const other = sessions[1]!.id;

    const ownRefused = await rest('DELETE', '/sessions/{id}', { id: own });
    expect(ownRefused.status).toBe(400);
    expect((await rest('DELETE', '/sessions/{id}', { id: other })).data).toEqual({
      sessionId: other,
    });
    expect((await rest('DELETE', '/sessions/{id}', { id: other })).status).toBe(404);
    expect(((await rest('GET', '/sessions')).data as unknown[]).length).toBe(2);

    const token = restOf({ token: await makeToken(client, ['contacts:write']) });
    for (const [method, path] of [
      ['GET', '/sessions'],
      ['DELETE', '/sessions/others'],
      ['DELETE', '/sessions/{id}'],
    ] as const) {
      const refused = await token(method, path, { id: own });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(TOKEN_REFUSED);
    }

    expect((await rest('DELETE', '/sessions/others')).data).toEqual({ ended: 1 });
    const left = (await rest('GET', '/sessions')).data as { id: string }[];
    expect(left.map((s) => s.id)).toEqual([own]);
  });
});

describe('a signed-out client', () => {
  it('gets 403 from every added path', async () => {
    const client = new TestClient(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const call of ADDED_REST_CALLS) {
      const [method, path] = call.split(' ') as [Method, string];
      const res = await client.send({
        method,
        url: `/api/v1${path.replace('{id}', id)}`,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.status, call).toBe(403);
      expectDocumented(method, path, res);
    }
  });
});
