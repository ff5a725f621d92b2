import { backgroundJobs, startJobQueue, type BackgroundJob, type JobQueue } from '@kith/api';
import { schema, type DatabaseHandle } from '@kith/db';
import { createTestDb } from '@kith/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, signedInCaller } from '../test-support/test-caller';

const DAY = 24 * 60 * 60_000;
let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDb();
  t = await createTestApp({ database });
});

afterAll(async () => {
  await t.close();
  await database.close();
});

/** Waits until the job reaches `completed` or `failed` (pg-boss's states), polling its row. */
async function settled(queue: JobQueue, name: string, id: string) {
  for (let i = 0; i < 200; i += 1) {
    const job = await queue.boss.getJobById(name, id);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${name} ${id} did not finish`);
}

describe('background jobs on pg-boss, on the app database', () => {
  it('runs the retention job from the queue: 31-day-old trash is deleted', async () => {
    const caller = await signedInCaller(t);
    const { id } = await makeContact(caller, {
      givenName: 'Old',
      familyName: 'R',
      phones: [{ value: '1', type: '' }],
    });
    await caller.trash.add({ id });
    t.advanceClock(31 * DAY);

    const queue = await startJobQueue({
      database,
      jobs: backgroundJobs(t.deps, () => {}),
      onError: () => {},
      pollingIntervalSeconds: 0.5,
      schedule: false,
    });
    try {
      const jobId = await queue.boss.send('retention', {});
      const job = await settled(queue, 'retention', jobId!);
      expect(job.state).toBe('completed');
      const rows = await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
      expect(rows).toHaveLength(0);
    } finally {
      await queue.stop();
    }
  });

  it('schedules every job in UTC, once per name however often the server starts', async () => {
    const jobs = backgroundJobs(t.deps, () => {});
    for (let start = 0; start < 2; start += 1) {
      const queue = await startJobQueue({ database, jobs, onError: () => {} });
      await queue.stop();
    }
    const queue = await startJobQueue({ database, jobs, onError: () => {}, schedule: false });
    try {
      // The row carries its time zone; pg-boss's type leaves the column out.
      const schedules = (await queue.boss.getSchedules()) as {
        name: string;
        cron: string;
        timezone: string;
      }[];
      expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual(
        jobs.filter((j) => j.cron).map((j) => [j.name, j.cron, 'UTC']),
      );
    } finally {
      await queue.stop();
    }
  });

  it('tries a failed job again, and reports the failure', async () => {
    let runs = 0;
    const errors: (string | undefined)[] = [];
    const flaky: BackgroundJob = {
      name: 'flaky-test-job',
      cron: '0 0 1 1 *',
      retryLimit: 2,
      retryDelaySeconds: 0,
      async run() {
        runs += 1;
        if (runs === 1) throw new Error('the mail server hung up');
      },
    };
    const queue = await startJobQueue({
      database,
      jobs: [flaky],
      onError: (_error, job) => errors.push(job),
      pollingIntervalSeconds: 0.5,
      schedule: false,
    });
    try {
      const jobId = await queue.boss.send(flaky.name, {});
      const job = await settled(queue, flaky.name, jobId!);
      expect(job.state).toBe('completed');
      expect(runs).toBe(2);
      expect(errors).toEqual(['flaky-test-job']);
    } finally {
      await queue.stop();
    }
  });
});
