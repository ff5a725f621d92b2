import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { ImageStore, JobQueue } from '@kith/api';
import type { DatabaseHandle } from '@kith/db';
import type { Env } from '../env';
import {
  backupPglite,
  backupsFolder,
  currentAppSecret,
  pruneBackups,
  type BackupResult,
} from './backup';
import { OperatorError } from './operator-error';

/** The pg-boss queue of the nightly backup. */
export const BACKUP_JOB = 'backup';
/** When the nightly backup runs: 03:30 UTC every day (docs/backups.md#schedule-and-retention). */
export const BACKUP_CRON = '30 3 * * *';
/** How long a backup asked for over the socket may take before the command gives up, in ms. */
export const BACKUP_REQUEST_TIMEOUT_MS = 10 * 60_000;

/** `$DATA_DIR/backup.sock`: where a running server takes `pnpm backup`'s request. */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, 'backup.sock');
}

/** What the socket answers: the backup made, or why not. */
type SocketAnswer = { file: string; bytes: number; photos: number } | { error: string };

export interface BackupServiceOptions {
  env: Pick<Env, 'DATA_DIR' | 'APP_SECRET' | 'S3_BUCKET'>;
  database: DatabaseHandle;
  jobs: Pick<JobQueue, 'boss'>;
  images: ImageStore;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /**
   * How often the worker asks the queue for a due backup, in seconds (10: a nightly job can
   * start 10 s late; a test that sends the job itself asks sooner).
   */
  pollingIntervalSeconds?: number;
}

/**
 * The running server's own backups of the embedded database (docs/backups.md): PGlite serves
 * one process, so no other may open its folder while the server has it, and the server makes
 * the copy itself.
 *
 * - Nightly, as the pg-boss job `backup` at 03:30 UTC, into `$DATA_DIR/backups/`, keeping the
 *   newest `BACKUPS_KEPT`.
 * - On request over the Unix socket `$DATA_DIR/backup.sock` (mode 0600: only the account that
 *   runs the server, or root, can connect; it is no HTTP route): `pnpm backup` sends one line
 *   `{"backup":{"withSecret":false}}` and gets one line back, `{file, bytes, photos}` or
 *   `{error}`.
 *
 * On PostgreSQL it does nothing: `pnpm backup` runs pg_dump from wherever it is started.
 * Backups run one at a time. `close()` stops taking requests and resolves once the backup under
 * way has finished; the server calls it before closing its database.
 *
 * @throws when the queue cannot be created; a socket that cannot listen is logged, not thrown
 *   (the server runs without on-demand backups and the command says so).
 */
export async function startBackups(
  options: BackupServiceOptions,
): Promise<{ close(): Promise<void> }> {
  if (options.database.kind !== 'pglite') return { close: async () => {} };
  const { env, database, images, log } = options;
  let queue = Promise.resolve() as Promise<unknown>;
  const backup = (withSecret: boolean): Promise<BackupResult> => {
    const run = queue.then(async () =>
      backupPglite(database, {
        dataDir: env.DATA_DIR,
        images,
        storage: env.S3_BUCKET ? 's3' : 'local',
        appSecret: withSecret ? await currentAppSecret(env.APP_SECRET, env.DATA_DIR) : undefined,
      }),
    );
    queue = run.catch(() => {});
    return run;
  };

  const { boss } = options.jobs;
  await boss.createQueue(BACKUP_JOB, {
    name: BACKUP_JOB,
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 60 * 60,
  });
  await boss.schedule(BACKUP_JOB, BACKUP_CRON, undefined, { tz: 'UTC' });
  await boss.work(
    BACKUP_JOB,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async () => {
      try {
        const made = await backup(false);
        const pruned = await pruneBackups(backupsFolder(env.DATA_DIR));
        log.info({ file: made.file, bytes: made.bytes, pruned }, 'backup: nightly backup written');
      } catch (error) {
        log.error({ err: error }, 'backup: the nightly backup failed; it will be retried');
        throw error;
      }
    },
  );

  const server = listen(backupSocketPath(env.DATA_DIR), backup, log);
  // A stopping server closes its database after this: no request is taken any more, and the
  // backup under way (if any) finishes first.
  const close = async () => {
    server?.close();
    await queue;
  };
  return { close };
}

function listen(
  path: string,
  backup: (withSecret: boolean) => Promise<BackupResult>,
  log: BackupServiceOptions['log'],
): Server | undefined {
  // A socket left by a server that was killed: nothing listens on it any more.
  if (existsSync(path)) unlinkSync(path);
  const server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 4096) return socket.destroy();
      if (!text.includes('\n')) return;
      socket.removeAllListeners('data');
      void answer(text.slice(0, text.indexOf('\n'))).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
  });
  const answer = async (line: string): Promise<SocketAnswer> => {
    let request: { backup?: { withSecret?: unknown } };
    try {
      request = JSON.parse(line) as typeof request;
    } catch {
      return { error: 'not a backup request' };
    }
    if (!request.backup) return { error: 'not a backup request' };
    try {
      const made = await backup(request.backup.withSecret === true);
      log.info({ file: made.file, bytes: made.bytes }, 'backup: written on request');
      return { file: made.file, bytes: made.bytes, photos: made.manifest.images.count };
    } catch (error) {
      log.error({ err: error }, 'backup: a requested backup failed');
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  server.on('error', (error) =>
    log.error(
      { err: error, path },
      'backup: the backup socket failed; pnpm backup cannot reach this server',
    ),
  );
  server.listen(path, () => {
    chmodSync(path, 0o600);
  });
  // The socket never keeps the process alive: stopping the server is up to main's shutdown.
  server.unref();
  process.once('exit', () => {
    try {
      unlinkSync(path);
    } catch {
      // Already removed by close().
    }
  });
  return server;
}

/**
 * Asks the server running on `dataDir` for a backup over its socket. Resolves to null when no
 * server listens there (no socket, or one a killed server left), so the caller may open the
 * folder itself.
 *
 * @throws OperatorError with the server's reason when the server could not make the backup,
 *   or when it did not answer within `timeoutMs`.
 */
export function requestBackup(
  dataDir: string,
  withSecret: boolean,
  timeoutMs = BACKUP_REQUEST_TIMEOUT_MS,
): Promise<{ file: string; bytes: number; photos: number } | null> {
  const path = backupSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let text = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(
        new OperatorError(`the running server did not finish the backup in ${timeoutMs / 1000} s`),
      );
    });
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ backup: { withSecret } })}\n`);
    });
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) {
        resolve(null);
      } else if (error.code === 'EACCES') {
        reject(new OperatorError(`${path} is not yours: run the backup as the server's user`));
      } else {
        reject(new OperatorError(`the running server's backup socket failed: ${error.message}`));
      }
    });
    socket.on('end', () => {
      try {
        const reply = JSON.parse(text) as SocketAnswer;
        if ('error' in reply)
          reject(new OperatorError(`the running server could not back up: ${reply.error}`));
        else resolve(reply);
      } catch {
        reject(new OperatorError('the running server answered the backup request with nothing'));
      }
    });
  });
}
