import type { DatabaseHandle } from '@kith/db';
import PgBoss from 'pg-boss';

/**
 * One kind of background work: pg-boss runs `run` for each job of the queue `name`, and puts a
 * job on it at every time `cron` names (five fields, UTC). A job that throws is tried again
 * `retryLimit` times, waiting `retryDelaySeconds` and then twice as long each time.
 */
export interface BackgroundJob {
  name: string;
  cron: string;
  run(): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** The running queue: `boss` for tests and tools; `stop` waits for jobs in hand to finish. */
export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

export interface StartJobQueueOptions {
  database: Pick<DatabaseHandle, 'executeSql'>;
  jobs: BackgroundJob[];
  /** Told about a job that failed (it will be retried) and about pg-boss's own errors. */
  onError(error: unknown, jobName?: string): void;
  /**
   * How often an idle worker asks the database for a job, in seconds (pg-boss's
   * `pollingIntervalSeconds`); scheduled jobs are few, so 10 s costs little.
   */
  pollingIntervalSeconds?: number;
  /** False to work the queues without putting scheduled jobs on them (tests send their own). */
  schedule?: boolean;
}

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** How long stopping waits for a job in hand, in ms, before it lets go. */
const STOP_TIMEOUT_MS = 8_000;

/**
 * Starts pg-boss (docs/decisions/0012-background-jobs-on-pg-boss.md) on the app's own database
 * connections (`DatabaseHandle.executeSql`), creates its tables on the first start, and
 * registers each job's queue, schedule and worker. Every instance of the server calls this:
 * pg-boss lets one instance a minute turn a schedule into a job (its cron lock and a
 * one-per-minute singleton key), and hands each job to one worker (`SKIP LOCKED`), so a
 * scheduled job runs once whatever the number of instances.
 *
 * On PGlite the queue shares the one session the app uses: pg-boss's own pool would open more
 * connections to the socket server, which multiplexes them onto one PostgreSQL session, where
 * pg-boss's transactions (`BEGIN; ...; COMMIT` in one message) and the app's would interleave.
 *
 * @throws when pg-boss cannot create or migrate its schema.
 */
export async function startJobQueue(options: StartJobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.database.executeSql(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    schedule: options.schedule ?? true,
  });
  boss.on('error', (error) => options.onError(error));
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 60,
      retryBackoff: true,
      // A job that has not finished in 15 minutes is counted failed and tried again.
      expireInSeconds: 15 * 60,
    });
    if (options.schedule ?? true) await boss.schedule(job.name, job.cron, undefined, { tz: 'UTC' });
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
      async () => {
        try {
          await job.run();
        } catch (error) {
          options.onError(error, job.name);
          throw error; // pg-boss records the failure and retries.
        }
      },
    );
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false }),
  };
}
