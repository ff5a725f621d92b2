import { backgroundJobs, startJobQueue, type JobQueue } from '@kith/api';
import type { DatabaseHandle } from '@kith/db';
import { createTestDb, testDatabaseKind } from '@kith/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

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

/** The queues the app made (pg-boss keeps queues of its own, named `__pgboss__…`). */
async function appQueues(queue: JobQueue) {
  return (await queue.boss.getQueues())
    .map((q) => q.name)
    .filter((name) => !name.startsWith('__pgboss__'))
    .sort();
}

const jobNames = () =>
  backgroundJobs(t.deps, () => {})
    .map((job) => job.name)
    .sort();

function start() {
  return startJobQueue({
    database,
    jobs: backgroundJobs(t.deps, () => {}),
    onError: () => {},
    schedule: true,
  });
}

describe('the job queue of several instances', () => {
  // Instances behind a balancer start together on a database pg-boss has never seen: each
  // creates pg-boss's schema and every queue at the same moment. The embedded database has
  // one server (its data folder is locked), so there the test is a restart.
  if (testDatabaseKind() === 'postgres') {
    it('starts on three instances at once, on a database pg-boss has never seen', async () => {
      const started = await Promise.allSettled([start(), start(), start()]);
      try {
        expect(
          started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started')),
        ).toEqual(['started', 'started', 'started']);
        const queue = started.find((s) => s.status === 'fulfilled')!.value;
        expect(await appQueues(queue)).toEqual(jobNames());
      } finally {
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
      }
    });
  } else {
    it('starts again on the database it made its queues in', async () => {
      const first = await start();
      await first.stop();
      const again = await start();
      try {
        expect(await appQueues(again)).toEqual(jobNames());
      } finally {
        await again.stop();
      }
    });
  }
});
