import type { DatabaseHandle } from '@kith/db';
import PgBoss from 'pg-boss';

/**
 * One kind of background work: pg-boss runs `run` for each job of the queue `name` (with the
 * job's data), and puts a job on it at every time `cron` names (five fields, UTC), or, without
 * `cron`, when the app sends one (`JobQueue.send`). A job that throws is tried again
 * `retryLimit` times, waiting `retryDelaySeconds` and then twice as long each time; one that
 * has not finished in `expireInSeconds` (15 minutes unless set) is counted failed and retried.
 */
export interface BackgroundJob {
  name: string;
  cron?: string;
  run(data: unknown): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** How often an idle worker of this queue asks for a job, in seconds (the queue's default unless set). */
  pollingIntervalSeconds?: number;
}

/**
 * The running queue: `boss` for tests and tools; `send` puts a job on a queue (and wakes this
 * instance's worker of it, so it starts at once rather than at the next poll); `stop` waits for
 * jobs in hand to finish.
 */
export interface JobQueue {
  boss: PgBoss;
  send(queue: string, data: object): Promise<void>;
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
 * Instances that start together on a database pg-boss has not seen race to create its schema
 * and queues, and PostgreSQL answers the losers with a deadlock or a duplicate: those start
 * again after a short random wait (up to `START_ATTEMPTS` times), finding what the winner made.
 *
 * @throws when pg-boss cannot create or migrate its schema, or still races after the attempts.
 */
export async function startJobQueue(options: StartJobQueueOptions): Promise<JobQueue> {
  const boss = await preparedBoss(options);
  const workers = new Map<string, string>();
  for (const job of options.jobs) {
    const workerId = await boss.work<object>(
      job.name,
      {
        pollingIntervalSeconds: job.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 10,
      },
      async ([received]) => {
        try {
          await job.run(received?.data);
        } catch (error) {
          options.onError(error, job.name);
          throw error; // pg-boss records the failure and retries.
        }
      },
    );
    workers.set(job.name, workerId);
  }
  return {
    boss,
    async send(queue, data) {
      await boss.send(queue, data);
      const workerId = workers.get(queue);
      if (workerId) boss.notifyWorker(workerId);
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false }),
  };
}

/** How many times an instance tries to create pg-boss's schema and queues. */
const START_ATTEMPTS = 5;

/**
 * SQLSTATEs of two sessions creating the same object at once: deadlock_detected,
 * unique_violation, duplicate_table, duplicate_schema, duplicate_object (PostgreSQL's
 * "Appendix A. Error Codes").
 */
const CREATION_RACE = new Set(['40P01', '23505', '42P07', '42P06', '42710']);

function isCreationRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CREATION_RACE.has(code);
}

/** pg-boss started, with every job's queue and schedule made; retried when it lost a race. */
async function preparedBoss(options: StartJobQueueOptions): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => options.database.executeSql(text, values) },
      schema: JOB_QUEUE_SCHEMA,
      schedule: options.schedule ?? true,
    });
    boss.on('error', (error) => options.onError(error));
    try {
      await boss.start();
      for (const job of options.jobs) {
        await boss.createQueue(job.name, {
          name: job.name,
          retryLimit: job.retryLimit ?? 3,
          retryDelay: job.retryDelaySeconds ?? 60,
          retryBackoff: true,
          // A job that has not finished in 15 minutes is counted failed and tried again.
          expireInSeconds: job.expireInSeconds ?? 15 * 60,
        });
        if (job.cron && (options.schedule ?? true)) {
          await boss.schedule(job.name, job.cron, undefined, { tz: 'UTC' });
        }
      }
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true, close: false }).catch(() => {});
      if (attempt >= START_ATTEMPTS || !isCreationRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 200));
    }
  }
}
