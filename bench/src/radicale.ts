/**
 * Radicale (https://radicale.org, Debian's `radicale` 3.1) beside Kith: started on loopback with
 * a free port, an empty temporary storage folder, no configuration file, `auth type = none`
 * (the Basic user name is taken as given) and `owner_only` rights, then an address book made
 * with an extended MKCOL. Used only when `radicale` is on PATH; the bench never installs it
 * (`apt-get install -y radicale`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DavBook } from './dav-client';

const USER = 'bench';

export interface Radicale {
  version: string;
  origin: string;
  /** A new, empty address book. */
  makeBook(name: string): Promise<DavBook>;
  stop(): Promise<void>;
}

/** Radicale's version when `radicale` is on PATH, else null. */
export function radicaleVersion(): string | null {
  try {
    return execFileSync('radicale', ['--version'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

/** A port free on 127.0.0.1 at this moment. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts Radicale; throws when it does not answer within 30 s. */
export async function startRadicale(version: string): Promise<Radicale> {
  const folder = mkdtempSync(join(tmpdir(), 'kith-bench-radicale-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'radicale',
    [
      // No configuration file (not /etc/radicale/config, nor ~/.config/radicale/config).
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--no-server-ssl',
      '--storage-filesystem-folder',
      join(folder, 'collections'),
      '--auth-type',
      'none',
      '--rights-type',
      'owner_only',
      '--web-type',
      'none',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const authorization = `Basic ${Buffer.from(`${USER}:x`).toString('base64')}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr}`);
    try {
      const res = await fetch(`${origin}/`, { method: 'OPTIONS', headers: { authorization } });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`radicale did not answer on ${origin}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    version,
    origin,
    async makeBook(name) {
      const url = `${origin}/${USER}/${name}/`;
      const res = await fetch(url, {
        method: 'MKCOL',
        headers: { authorization, 'content-type': 'application/xml; charset=utf-8' },
        body: `<?xml version="1.0" encoding="utf-8"?><d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:set><d:prop><d:resourcetype><d:collection/><c:addressbook/></d:resourcetype><d:displayname>${name}</d:displayname></d:prop></d:set></d:mkcol>`,
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`MKCOL ${url}: ${res.status} ${text.slice(0, 300)}`);
      return { url, authorization };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
