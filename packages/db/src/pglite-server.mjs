// The embedded database's own thread (no query may run on the request thread:
// docs/decisions/0005-pglite-in-a-worker-thread.md). PGlite runs PostgreSQL compiled to WebAssembly on the thread that opens it, so a
// long query there would stop every request; here it runs in a worker thread, serving the
// PostgreSQL wire protocol on a Unix socket (@electric-sql/pglite-socket), and the server
// talks to it with the same postgres.js driver it uses for PostgreSQL.
//
// Plain JavaScript on purpose: a worker thread gets no TypeScript loader under Vitest or tsx.
//
// The same file also runs as a child process (`fork`), for the one-off work of creating or
// migrating a cluster, whose memory then goes back to the system when it exits
// (packages/db/src/client.ts, openPglite).
//
// workerData (a child process: its first argument, as JSON): { dataDir?: string,
// loadDataDir?: string, socketPath: string }; loadDataDir is the path of a data-directory
// tarball (PGlite's dumpDataDir) to start from. Posts { ready: true } once listening, or
// { error: message }. A message 'stop' closes the socket and the database, posts
// { stopped: true } (and a child process then exits); { dump: path } writes the data
// directory's tarball to path and posts { dumped: true } (or { error }). A data folder is
// locked while open (data-dir-lock.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData as threadData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { acquireDataDirLock } from './data-dir-lock.mjs';

// PostgreSQL's default 128 MB of shared buffers is sized for a shared server; the engine
// touches all of it at start, so it was a third of an idle Kith's memory. A personal book's hot
// pages fit in 16 MB, and the rest is read through the operating system's file cache
// (docs/performance.md#memory).
const SHARED_BUFFERS = '16MB';

// PGlite would open a folder another process has open, and two engines in one folder ruin it;
// the lock refuses the second opener with the first one's pid (docs/backups.md).
let releaseLock = () => {};
const workerData = parentPort ? threadData : JSON.parse(process.argv[2]);
/** Answers the server: through the thread's port, or the child process's IPC channel. */
const post = (message) => (parentPort ? parentPort.postMessage(message) : process.send(message));
const messages = parentPort ?? process;
try {
  if (workerData.dataDir) releaseLock = acquireDataDirLock(workerData.dataDir);
  const db = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    dataDir: workerData.dataDir,
    loadDataDir: workerData.loadDataDir
      ? new Blob([readFileSync(workerData.loadDataDir)])
      : undefined,
    extensions: { btree_gin, pg_trgm, unaccent },
  });
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath });
  await server.start();
  messages.on('message', async (message) => {
    if (message?.dump) {
      try {
        const tarball = await db.dumpDataDir('none');
        writeFileSync(message.dump, new Uint8Array(await tarball.arrayBuffer()));
        post({ dumped: true });
      } catch (error) {
        post({ error: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    if (message !== 'stop') return;
    await server.stop();
    await db.close();
    releaseLock();
    post({ stopped: true });
    if (!parentPort) process.disconnect();
  });
  post({ ready: true });
} catch (error) {
  releaseLock();
  post({ error: error instanceof Error ? error.message : String(error) });
  if (!parentPort) process.disconnect();
}
