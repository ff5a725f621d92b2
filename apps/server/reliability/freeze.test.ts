/**
 * No request stalls the server for others (docs/reliability.md): while each heavy call runs
 * against the real server process on PostgreSQL, `/api/health` keeps answering within
 * 200 ms. The heavy calls are the probe's: duplicate detection on a 10,000-contact book of
 * similar names (an all-pairs join took 457 s there and froze health for 120 s), a 7 MB
 * import preview (18.5 s of frozen health; now a file uploaded and previewed as a stream, and a
 * 50,000-row CSV), a full CSV export, and a batch of 20 logins;
 * and CardDAV's: a phone's first sync of the whole book in one answer, a multiget
 * of every card (1 MB of hrefs), and a query that reads every card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  healthDuring,
  PASSWORD,
  report,
  serverProcess,
  signedInClients,
  type ServerProcess,
} from './harness';

/** The longest `/api/health` may take while a heavy call runs, in ms. */
const HEALTH_BUDGET_MS = 200;
const BOOK_SIZE = 10_000;

let database: Awaited<ReturnType<typeof createDatabase>>;
let server: ServerProcess;
let person: { userId: string; email: string; cookie: string };

beforeAll(async () => {
  database = await createDatabase();
  server = await serverProcess(database.url);
  await server.start();
  const [signedIn] = await signedInClients(database.sql, server.baseUrl, 1);
  const [row] = await database.sql<{ email: string }[]>`
    select email from users where id = ${signedIn!.userId}`;
  person = { userId: signedIn!.userId, email: row!.email, cookie: '' };
  const login = await trpc('auth.login', { email: person.email, password: PASSWORD });
  person.cookie = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  // Similar names on purpose: "Ann Smith17", "Anna Smith17", "Anne Smith1017"...
  await database.sql`
    insert into contacts (user_id, given_name, family_name, emails, phones)
    select ${person.userId}, (array['Ann','Anna','Anne','Annie','Hannah'])[1 + i % 5],
      'Smith' || (i % 2000),
      jsonb_build_array(jsonb_build_object('value', 'person' || i || '@example.com', 'type', '')),
      jsonb_build_array(jsonb_build_object('value', '+1 555 ' || lpad(i::text, 4, '0'), 'type', ''))
    from generate_series(1, ${BOOK_SIZE}) as i`;
  await database.sql`analyze contacts`;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/**
 * One tRPC call over plain HTTP (`input` already JSON for a POST body, or an object); the
 * answer's body is read but not parsed, so this process stays free to time the polls.
 */
async function trpc(path: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
  const headers = { 'content-type': 'application/json', cookie: person?.cookie ?? '' };
  const body = typeof input === 'string' ? input : JSON.stringify({ json: input ?? null });
  const res = await fetch(`${server.baseUrl}/api/trpc/${path}`, {
    method,
    headers,
    body: method === 'POST' ? body : undefined,
  });
  const bytes = await res.arrayBuffer();
  expect(res.status, `${path}: ${Buffer.from(bytes.slice(0, 300)).toString()}`).toBe(200);
  return Object.assign(res, { bytes });
}

/**
 * As the web app imports a file: its text uploaded to the plain route, then previewed
 * (`imports.previewFile`); answers the preview's tRPC body.
 */
async function uploadAndPreview(content: string, name: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/imports/upload?name=${name}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=utf-8', cookie: person.cookie },
    body: content,
  });
  const staged = (await res.json()) as { importId: string };
  expect(res.status, JSON.stringify(staged)).toBe(201);
  const preview = await trpc('imports.previewFile', { importId: staged.importId });
  return Buffer.from(preview.bytes).toString();
}

/** A vCard file of about `bytes`, of distinct people. */
function vcardFile(bytes: number): string {
  const cards: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      `N:Importer${i};Person;;;`,
      `FN:Person Importer${i}`,
      `EMAIL;TYPE=INTERNET,HOME:importer${i}@example.org`,
      `TEL;TYPE=CELL:+44 20 7946 ${String(i % 10_000).padStart(4, '0')}`,
      'ORG:Harbour Works;Research',
      `NOTE:Imported to check that a large preview leaves the server responsive (${i}).`,
      'END:VCARD',
    ].join('\r\n');
    cards.push(card);
    size += card.length + 2;
  }
  return cards.join('\r\n');
}

describe('heavy calls leave the server responsive', () => {
  it('finds duplicates in a 10,000-contact book of similar names', async () => {
    let answer = '';
    const figures = await healthDuring(server.baseUrl, async () => {
      const res = await trpc('contacts.duplicates', undefined, 'GET');
      answer = Buffer.from(res.bytes).toString();
    });
    const { total } = (JSON.parse(answer) as { result: { data: { json: { total: number } } } })
      .result.data.json;
    report('freeze: duplicates, 10,000 similar names', { ...figures, groups: total });
    expect(total).toBeGreaterThan(100);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('uploads and previews a 7 MB vCard file', async () => {
    const content = vcardFile(7 * 1000 * 1000);
    let answer = '';
    const figures = await healthDuring(server.baseUrl, async () => {
      answer = await uploadAndPreview(content, 'cards.vcf');
    });
    const { counts } = JSON.parse(answer).result.data.json as { counts: { contacts: number } };
    report('freeze: import upload and preview, 7 MB vCard', {
      ...figures,
      contacts: counts.contacts,
    });
    expect(counts.contacts).toBeGreaterThan(15_000);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('uploads and previews a 50,000-row Google CSV', async () => {
    const rows = Array.from(
      { length: 50_000 },
      (_, i) =>
        `Person,Importer${i},importer${i}@example.org,+44 20 7946 ${String(i % 10_000).padStart(4, '0')},Harbour Works,Friends ::: * myContacts`,
    );
    const content = [
      'First Name,Last Name,E-mail 1 - Value,Phone 1 - Value,Organization Name,Labels',
      ...rows,
    ].join('\n');
    let answer = '';
    const figures = await healthDuring(server.baseUrl, async () => {
      answer = await uploadAndPreview(content, 'contacts.csv');
    });
    const { counts } = JSON.parse(answer).result.data.json as { counts: { contacts: number } };
    report('freeze: import upload and preview, 50,000-row CSV', {
      ...figures,
      contacts: counts.contacts,
    });
    expect(counts.contacts).toBe(50_000);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('exports the whole book as CSV', async () => {
    const figures = await healthDuring(server.baseUrl, () =>
      trpc('contacts.export', { format: 'csv' }),
    );
    report('freeze: CSV export, 10,000 contacts', figures);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('takes a batch of 20 logins', async () => {
    const calls = Array.from({ length: 20 }, (_, i) => ({
      json: { email: person.email, password: i === 19 ? PASSWORD : `wrong-${i}-x` },
    }));
    const figures = await healthDuring(server.baseUrl, () =>
      fetch(`${server.baseUrl}/api/trpc/${calls.map(() => 'auth.login').join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(calls.map((call, i) => [i, call]))),
      }).then((res) => res.arrayBuffer()),
    );
    report('freeze: 20 logins in one batch', figures);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});

describe('CardDAV calls leave the server responsive', () => {
  let authorization = '';
  let book = '';
  beforeAll(async () => {
    const created = await trpc('appPasswords.create', { name: 'Freeze test' });
    const { password } = (
      JSON.parse(Buffer.from(created.bytes).toString()) as {
        result: { data: { json: { password: string } } };
      }
    ).result.data.json;
    authorization = `Basic ${Buffer.from(`${person.email}:${password}`).toString('base64')}`;
    book = `${server.baseUrl}/dav/addressbooks/${person.userId}/contacts/`;
  });

  async function report207(body: string) {
    const res = await fetch(book, {
      method: 'REPORT',
      headers: { authorization, depth: '1', 'content-type': 'application/xml' },
      body,
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(207);
    return (text.match(/<d:response>/g) ?? []).length;
  }

  it('sends the whole 10,000-card book in one sync-collection answer', async () => {
    let cards = 0;
    const figures = await healthDuring(server.baseUrl, async () => {
      cards = await report207(
        '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:address-data/></d:prop></d:sync-collection>',
      );
    });
    report('freeze: CardDAV first sync, 10,000 cards in one answer', { ...figures, cards });
    expect(cards).toBe(BOOK_SIZE);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('answers a multiget of the whole book, as vdirsyncer sends it', async () => {
    const names = await database.sql<{ dav_name: string }[]>`
      select dav_name from contacts where user_id = ${person.userId} order by dav_name`;
    const hrefs = names.map((n) => `<d:href>${new URL(book).pathname}${n.dav_name}</d:href>`);
    let cards = 0;
    const figures = await healthDuring(server.baseUrl, async () => {
      cards = await report207(
        `<?xml version="1.0"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>${hrefs.join('')}</c:addressbook-multiget>`,
      );
    });
    report('freeze: CardDAV multiget, 10,000 cards', { ...figures, cards });
    expect(cards).toBe(BOOK_SIZE);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('runs a query that reads every card', async () => {
    let cards = 0;
    const figures = await healthDuring(server.baseUrl, async () => {
      cards = await report207(
        '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop><c:filter><c:prop-filter name="EMAIL"><c:text-match match-type="contains">@example.com</c:text-match></c:prop-filter></c:filter></c:addressbook-query>',
      );
    });
    report('freeze: CardDAV query over 10,000 cards', { ...figures, cards });
    expect(cards).toBe(BOOK_SIZE);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});
