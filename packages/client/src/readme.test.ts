/**
 * Every `ts` block of the README, type-checked and run as written against a live server, so
 * the examples a person copies work. The one change made to a block: the example's server
 * address (`https://kith.example.com`) becomes the test server's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { createContactsClient } from './node';

const packageDir = resolve(import.meta.dirname, '..');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const EXAMPLE_URL = 'https://kith.example.com';
const PASSWORD = 'kith-harbour-42';

/** The README's ts blocks, in order, each with the heading it sits under. */
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match, index) => {
  const heading = [...readme.slice(0, match.index).matchAll(/^## (.+)$/gm)].at(-1)?.[1] ?? '';
  return { index, heading, code: match[1]! };
});

/** A vCard file with two cards, for the import example. */
const VCARDS = [
  'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Mary Somerville\r\nN:Somerville;Mary;;;\r\nTEL;TYPE=CELL:+44 20 7946 0001\r\nEND:VCARD',
  'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Charles Babbage\r\nN:Babbage;Charles;;;\r\nEMAIL:charles@example.com\r\nEND:VCARD',
].join('\r\n');

let server: TestServer;
let workDir: string;
const startDir = process.cwd();
// The examples read their secrets from the environment, as a person's script would.
// eslint-disable-next-line no-restricted-properties
const env = process.env;

beforeAll(async () => {
  server = await startTestServer('client-readme-secret-of-at-least-32-chars');
  workDir = mkdtempSync(join(tmpdir(), 'kith-readme-'));
  for (const block of blocks) {
    const code = block.code.replaceAll(`'${EXAMPLE_URL}'`, `'${server.baseUrl}'`);
    writeFileSync(join(workDir, `block-${block.index}.ts`), code);
  }
  writeFileSync(join(workDir, 'contacts.vcf'), VCARDS);
  // The account the examples sign in to.
  const kith = createContactsClient({ baseUrl: server.baseUrl });
  await kith.auth.signup.mutate({
    name: 'Grace Hopper',
    email: 'grace@example.com',
    password: PASSWORD,
  });
  const code = /\b(\d{6})\b/.exec(server.outbox.at(-1)?.subject ?? '')?.[1] ?? '';
  await kith.auth.verify.mutate({ email: 'grace@example.com', otp: code });
  const { token } = await kith.apiTokens.create.mutate({
    name: 'README',
    scopes: ['contacts:read'],
    expiresInDays: 7,
  });
  // The examples read the password and the token from the environment, the file from the folder.
  env.KITH_PASSWORD = PASSWORD;
  env.KITH_TOKEN = token;
  process.chdir(workDir);
});

afterAll(async () => {
  process.chdir(startDir);
  delete env.KITH_PASSWORD;
  delete env.KITH_TOKEN;
  rmSync(workDir, { recursive: true, force: true });
  await server?.close();
});

describe('the README’s examples', () => {
  it('has the examples this test expects', () => {
    expect(blocks.map((block) => block.heading)).toEqual([
      'Use',
      'Use',
      'Use',
      'Whole lists, retries and cancelling',
      'History and Undo changes',
    ]);
  });

  it('type-check as written (TypeScript, strict, bundler resolution)', async () => {
    writeFileSync(
      join(workDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [resolve(packageDir, '../../node_modules/@types')],
          paths: { '@kith/client': [join(packageDir, 'src/node.ts')] },
        },
        files: blocks.map((block) => `block-${block.index}.ts`),
      }),
    );
    const tsc = resolve(packageDir, '../../node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', workDir]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(result.stdout).toBe('');
  }, 120_000);

  it.each(blocks.map((block) => [block.index, block.heading] as const))(
    'block %i (%s) runs against a live server',
    async (index) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        await import(join(workDir, `block-${index}.ts`));
      } finally {
        log.mockRestore();
      }
    },
  );
});
