/**
 * Scheduled jobs across instances: two server processes share one PostgreSQL, both
 * working pg-boss's queues; a scheduled job still runs once per time it is due. The retention
 * job's schedule is moved to every minute (in the database, after both have started) so the
 * test waits about a minute rather than an hour.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, report, serverProcess, type ServerProcess } from './harness';

let database: Awaited<ReturnType<typeof createDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createDatabase();
  // The first start creates pg-boss's tables; the second joins them.
  for (let i = 0; i < 2; i += 1) {
    const server = await serverProcess(database.url);
    await server.start();
    servers.push(server);
  }
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

interface RetentionJob {
  minute: string;
  jobs: number;
  completed: number;
}

it('runs the retention job once per minute it is due, with two instances', async () => {
  const sql = database.sql;
  const [user] = await sql<{ id: string }[]>`
    insert into users (name, email, password_hash, email_verified_at)
    values ('Two Instances', 'two-instances@example.com', 'x', now()) returning id`;
  await sql`
    insert into contacts (user_id, given_name, trashed_at)
    values (${user!.id}, 'Long Gone', now() - interval '31 days')`;
  await sql`update pgboss.schedule set cron = '* * * * *' where name = 'retention'`;

  // pg-boss looks at its schedules every 30 s, so a job due at a minute's start is made within
  // about 35 s of it; wait for two such minutes.
  const deadline = Date.now() + 150_000;
  let minutes: RetentionJob[] = [];
  while (Date.now() < deadline) {
    minutes = await sql<RetentionJob[]>`
      select to_char(date_trunc('minute', created_on), 'HH24:MI') as minute,
             count(*)::int as jobs,
             count(*) filter (where state = 'completed')::int as completed
      from (select created_on, state from pgboss.job where name = 'retention'
            union all
            select created_on, state from pgboss.archive where name = 'retention') as runs
      group by 1 order by 1`;
    if (minutes.length >= 2 && minutes.every((m) => m.completed === m.jobs)) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  report('scheduled jobs, two instances', { minutes: JSON.stringify(minutes) });

  expect(minutes.length).toBeGreaterThanOrEqual(2);
  for (const minute of minutes) expect(minute).toMatchObject({ jobs: 1, completed: 1 });
  const left = await sql`select 1 from contacts where given_name = 'Long Gone'`;
  expect(left).toHaveLength(0);
  // Up to 150 s of waiting for two due minutes, then the checks: more than the suite's 120 s.
}, 180_000);
