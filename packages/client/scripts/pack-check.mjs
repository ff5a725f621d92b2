// The SDK as a stranger gets it: builds and packs @kith/client, then in throwaway folders makes
// a default `npm init -y` project (CommonJS, `require`) and an ESM one (`"type": "module"`),
// installs the tarball from disk (its dependencies from the npm registry), type-checks a
// TypeScript file in each (TypeScript 5.9, `module: nodenext`: the CommonJS project reads the
// .d.cts files, the ESM one the .d.ts), and runs a program in each against a live development
// server: sign up, verify, create a contact, list. Prints the time from `npm init -y` to the
// first listed contact. Exits 1 on any failure.
//
//   node scripts/pack-check.mjs              (about a minute; needs the npm registry or its cache)
//   node scripts/pack-check.mjs --no-build   (dist as it is)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const clientDir = resolve(import.meta.dirname, '..');
const serverDir = resolve(clientDir, '../../apps/server');
const workDir = mkdtempSync(join(tmpdir(), 'kith-pack-check-'));
const dataDir = join(workDir, 'data');
const quiet = { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' };

/** What each project runs: sign up, verify with the mailed code, create, list; prints JSON. */
const program = (importLine) => `${importLine}
const { readdirSync, readFileSync } = require_('node:fs');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function codeFor(to) {
  for (let i = 0; i < 100; i += 1) {
    for (const file of readdirSync(process.env.KITH_OUTBOX, { withFileTypes: false })) {
      if (!file.endsWith('.json')) continue;
      const message = JSON.parse(readFileSync(process.env.KITH_OUTBOX + '/' + file, 'utf8'));
      const code = message.to === to && /\\b(\\d{6})\\b/.exec(message.subject)?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error('no code for ' + to);
}
async function main() {
  const kith = createContactsClient({ baseUrl: process.env.KITH_URL });
  const email = 'pack-' + Date.now() + '-' + Math.random().toString(36).slice(2) + '@example.com';
  await kith.auth.signup.mutate({ name: 'Grace Hopper', email, password: 'kith-harbour-42' });
  await kith.auth.verify.mutate({ email, otp: await codeFor(email) });
  await kith.contacts.create.mutate({ givenName: 'Ada', familyName: 'Lovelace', phones: [{ value: '+44 20 7946 0000', type: 'cell' }] });
  const { items } = await kith.contacts.list.query({ limit: 10 });
  let refused = null;
  try { await kith.contacts.create.mutate({ givenName: '', familyName: 'Nobody', phones: [] }); }
  catch (error) { refused = error instanceof ContactsApiError ? error.code : String(error); }
  console.log(JSON.stringify({ first: items[0] && items[0].givenName + ' ' + items[0].familyName, refused, schema: typeof listInput?.parse }));
}
main().catch((error) => { console.error(error); process.exit(1); });
`;

/** A TypeScript file each project must type-check: the client's types through either entry. */
const typed = (importLine) => `${importLine}
const kith = createContactsClient({ baseUrl: 'http://localhost:3000', token: 'kith_x', retries: 1 });
export async function names(): Promise<string[]> {
  const names: string[] = [];
  for await (const contact of iterate(kith.contacts.list, { limit: 100 })) names.push(contact.givenName);
  try { await kith.favorites.list.query(undefined, { signal: AbortSignal.timeout(1000) }); }
  catch (error) { if (error instanceof ContactsApiError && error.code === 'ABORTED') names.push(String(error.retryAfterSeconds)); }
  const created: RouterOutputs['contacts']['create'] = await kith.contacts.create.mutate({ givenName: 'A', familyName: 'B', phones: [] });
  names.push(created.id);
  return names;
}
`;

const projects = [
  {
    name: 'commonjs',
    type: null,
    main: 'index.js',
    importLine:
      "const require_ = require; const { createContactsClient, ContactsApiError } = require('@kith/client'); const { listInput } = require('@kith/client/validators');",
    typedFile: 'typed.ts',
    typedImport:
      "import { createContactsClient, ContactsApiError, iterate, type RouterOutputs } from '@kith/client';",
  },
  {
    name: 'esm',
    type: 'module',
    main: 'index.js',
    importLine:
      "import { createRequire } from 'node:module'; const require_ = createRequire(import.meta.url); import { createContactsClient, ContactsApiError } from '@kith/client'; import { listInput } from '@kith/client/validators';",
    typedFile: 'typed.ts',
    typedImport:
      "import { createContactsClient, ContactsApiError, iterate, type RouterOutputs } from '@kith/client';",
  },
];

let server;
try {
  const started = Date.now();
  // `--no-build`: dist is fresh (test:packed builds it first).
  if (!process.argv.includes('--no-build')) {
    execFileSync('node', ['build.mjs'], { cwd: clientDir, stdio: 'inherit' });
  }
  execFileSync('pnpm', ['pack', '--pack-destination', workDir], { cwd: clientDir, ...quiet });
  const tarball = join(
    workDir,
    readdirSync(workDir).find((name) => name.endsWith('.tgz')),
  );
  console.log(`built and packed in ${seconds(started)} s: ${tarball}`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server and the programs are child processes, each given its environment.
  // eslint-disable-next-line no-restricted-properties
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...env } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  await waitForHealth(baseUrl);

  for (const project of projects) {
    const dir = join(workDir, project.name);
    mkdirSync(dir);
    const t0 = Date.now();
    execFileSync('npm', ['init', '-y'], { cwd: dir, ...quiet });
    if (project.type) execFileSync('npm', ['pkg', 'set', `type=${project.type}`], { cwd: dir });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', tarball], { cwd: dir, ...quiet });
    writeFileSync(join(dir, project.main), program(project.importLine));
    const out = execFileSync('node', [project.main], {
      cwd: dir,
      ...quiet,
      env: { ...env, KITH_URL: baseUrl, KITH_OUTBOX: join(dataDir, 'outbox') },
    });
    const result = JSON.parse(out);
    const firstContact = seconds(t0);
    if (
      result.first !== 'Ada Lovelace' ||
      result.refused !== 'BAD_REQUEST' ||
      result.schema !== 'function'
    ) {
      throw new Error(`${project.name}: unexpected ${out}`);
    }

    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--save-dev', 'typescript@5.9.3', '@types/node@20'],
      { cwd: dir, ...quiet },
    );
    writeFileSync(join(dir, project.typedFile), typed(project.typedImport));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          skipLibCheck: true,
          noEmit: true,
          types: ['node'],
        },
        files: [project.typedFile],
      }),
    );
    // The declarations keep the procedures' docstrings (scripts/procedure-docs.mjs).
    const chunks = join(dir, 'node_modules/@kith/client/dist/chunks');
    const declarations = readdirSync(chunks)
      .filter((name) => /\.d\.c?ts$/.test(name))
      .map((name) => readFileSync(join(chunks, name), 'utf8'))
      .join('');
    if (!declarations.includes('Gives `{labelId}` to `{contactIds}`')) {
      throw new Error(
        `${project.name}: the installed declarations lost the procedures' docstrings`,
      );
    }
    execFileSync('node', ['node_modules/typescript/bin/tsc', '-p', '.'], {
      cwd: dir,
      stdio: 'inherit',
    });
    console.log(
      `${project.name}: npm init -y to the first listed contact (${result.first}) in ${firstContact} s; types check`,
    );
  }
  console.log(`pack-check passed in ${seconds(started)} s`);
} catch (error) {
  console.error(error.stdout ?? '', error.message);
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} did not become healthy`);
}
