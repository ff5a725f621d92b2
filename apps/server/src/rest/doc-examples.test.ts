import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../test-support/dav-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { callerFor, makeContact, makeUser } from '../test-support/test-caller';
import { TEST_PASSWORD } from '../test-support/test-users';

// Every curl example of the REST documentation runs, as written, against a live server: the
// docs' placeholders (localhost:3000, ada@example.com, "...", a moment, $KITH_TOKEN,
// $NEXT_CURSOR) are the only thing changed. An example that stopped working fails here, not in a reader's terminal.

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');
const DOCS = ['docs/api.md', 'docs/rest-api.md', 'docs/api-tokens.md'];

/** The `curl` commands of a Markdown file's sh blocks, continuation lines joined. */
function curlExamples(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '));
}

let t: TestApp;
let baseUrl: string;
let email: string;
let token: string;
let jarDir: string;
let nextCursor: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t);
  const user = await makeUser(t, { name: 'Ada Lovelace' });
  email = user.email;
  const caller = await callerFor(t, user.id);
  await makeContact(caller, { givenName: 'Ada', familyName: 'Lovelace' });
  await makeContact(caller, { givenName: 'Charles', familyName: 'Babbage' });
  nextCursor = (await caller.contacts.list({ limit: 1 })).nextCursor!;
  token = (
    await caller.apiTokens.create({
      name: 'Docs',
      scopes: ['contacts:write', 'history:write'],
      expiresInDays: 7,
    })
  ).token;
  jarDir = mkdtempSync(join(tmpdir(), 'kith-doc-examples-'));
});

afterAll(async () => {
  await t.close();
});

/** The example with its placeholders filled, made to fail on an HTTP error. */
function filled(command: string): string {
  const minuteAgo = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return command
    .replace(/^curl /, 'curl -sS --fail-with-body ')
    .replaceAll('localhost:3000', baseUrl.replace('http://', ''))
    .replaceAll('ada@example.com', email)
    .replaceAll('"password":"..."', `"password":"${TEST_PASSWORD}"`)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, minuteAgo);
}

describe.each(DOCS)('the curl examples of %s', (file) => {
  const examples = curlExamples(file);

  it('has some', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples)('%s', async (command) => {
    // The example's variables, as a reader exports them (both are base64url: safe in quotes).
    const variables = `export KITH_TOKEN='${token}' NEXT_CURSOR='${nextCursor}';`;
    const { stdout } = await run('sh', ['-c', `${variables} ${filled(command)}`], { cwd: jarDir });
    const answer = JSON.parse(stdout) as { success?: boolean; result?: unknown };
    // REST answers its envelope, tRPC its result: either way a success.
    expect(answer.success ?? Boolean(answer.result)).toBe(true);
  });
});
