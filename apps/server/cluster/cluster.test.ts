/**
 * Several instances, proven on one machine (docs/cluster.md): three Kith processes behind
 * HAProxy share one PostgreSQL database, Redis, an SMTP server and an S3-compatible store.
 * The claims are checked in order against the one cluster: mail over SMTP, a scheduled job
 * run once, rate limits shared, photos shared, 100 clients under load while one instance is
 * killed and another stopped, and a CardDAV client syncing while an instance dies.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '@kith/api';
import { isContactsApiError, type ContactsClient } from '@kith/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDiscrepancies, newStats, Tester } from '../reliability/workload';
import { clientFrom, fetchFrom, loopbackPrefix, newTraffic, percentile } from './clients';
import { discoveredFolder } from '../src/test-support/vdirsyncer';
import { S3_BUCKET, settingsFromEnv, sleep, startCluster, type Cluster } from './topology';

const settings = settingsFromEnv();
/** How long the load runs, in ms: 60 s by default, shorter for CI (CLUSTER_DURATION_MS). */
const LOAD_MS = settings.loadMs;
const LOAD_CLIENTS = settings.loadClients;
/** Failed sign-ins one address may make in 15 minutes, on every instance together. */
const RATE_LIMIT_PER_IP = 20;
/** The number of cards the CardDAV client downloads, and uploads, while an instance dies. */
const DAV_SERVER_CARDS = 300;
const DAV_LOCAL_CARDS = 20;
const PASSWORD = 'kith-harbour-42';

let cluster: Cluster;
const closers: (() => Promise<void>)[] = [];
/** Each client its own loopback address: 127.a.b.1, 127.a.b.2, ... */
const prefix = loopbackPrefix();
let lastAddress = 0;
const nextAddress = () => {
  lastAddress += 1;
  if (lastAddress > 254) throw new Error('out of client addresses');
  return `${prefix}${lastAddress}`;
};
const runId = randomBytes(3).toString('hex');

function report(name: string, figures: Record<string, unknown>): void {
  console.log(`[cluster] ${name}: ${JSON.stringify(figures)}`);
}

function client(baseUrl: string, traffic = newTraffic()) {
  const made = clientFrom(nextAddress(), baseUrl, traffic);
  closers.push(made.close);
  return made.client;
}

/** Verified accounts inserted directly, as the reliability suite does: `{id, email}`. */
async function accounts(count: number, label: string): Promise<{ id: string; email: string }[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `${label} ${i}`,
    email: `${label.toLowerCase()}-${runId}-${i}@example.com`,
    password_hash: passwordHash,
    email_verified_at: new Date(),
  }));
  return cluster.sql<{ id: string; email: string }[]>`
    insert into users ${cluster.sql(rows)} returning id, email`;
}

async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (isContactsApiError(error)) return error.status;
    throw error;
  }
}

beforeAll(async () => {
  const started = Date.now();
  cluster = await startCluster({
    ...settings,
    instanceEnv: { RATE_LIMIT_PER_IP: String(RATE_LIMIT_PER_IP) },
  });
  report('topology', {
    instances: cluster.instances.map((instance) => instance.baseUrl),
    balancer: cluster.balancerUrl,
    startedInMs: Date.now() - started,
  });
});

afterAll(async () => {
  await Promise.allSettled(closers.map((close) => close()));
  await cluster?.stop();
});

/** Set by the sign-up test: the new account, and its reminder mail when it comes. */
let signedUp: { email: string; client: ContactsClient } | undefined;
let reminderArrangedAt = 0;

describe('mail', () => {
  it('mails the sign-up code over SMTP, and the code verifies the account on another instance', async () => {
    const traffic = newTraffic();
    const person = client(cluster.balancerUrl, traffic);
    const email = `grace-${runId}@example.com`;
    await person.auth.signup.mutate({ name: 'Grace Hopper', email, password: PASSWORD });
    const mail = await cluster.waitForMail((m) => m.to.includes(email), 30_000);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.text).toContain('Grace');
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    const { user } = await person.auth.verify.mutate({ email, otp: code! });
    expect(user.email).toBe(email);
    // Round robin: the sign-up and the verification were answered by different instances,
    // so the code and the pending sign-up live in the shared database and cookie keys.
    expect(Object.keys(traffic.byInstance).length).toBeGreaterThanOrEqual(2);
    signedUp = { email, client: person };

    // A birthday today, reminded on the day at 00:00 UTC: due now. The reminders job's
    // schedule (every 15 minutes) is moved to every minute so the run waits a minute at most.
    await person.reminders.saveSettings.mutate({
      enabled: true,
      birthdays: true,
      anniversaries: false,
      otherDates: false,
      leadDays: [0],
      sendAt: '00:00',
      timeZone: 'UTC',
      delivery: 'each',
    });
    const today = new Date();
    await person.contacts.create.mutate({
      givenName: 'Ada',
      familyName: 'Lovelace',
      phones: [{ value: '+44 20 7946 0018', type: '' }],
      birthday: { month: today.getUTCMonth() + 1, day: today.getUTCDate() },
    });
    await remindersEveryMinute();
    reminderArrangedAt = Date.now();
    report('sign-up mail', { subject: mail.subject, answeredBy: traffic.byInstance });
  });
});

describe('rate limits', () => {
  it(`refuses failed sign-ins past ${RATE_LIMIT_PER_IP} per address in total, whichever instance answers`, async () => {
    const traffic = newTraffic();
    const address = nextAddress();
    const { fetch, close } = fetchFrom(address, traffic);
    closers.push(close);
    const statuses: number[] = [];
    const byInstance: Record<string, number[]> = {};
    for (let i = 0; i < RATE_LIMIT_PER_IP * 2; i += 1) {
      const answer = await fetch(`${cluster.balancerUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Every other guess claims another address; the instances believe only the
          // balancer's X-Forwarded-For entry (TRUST_PROXY), so it changes nothing.
          ...(i % 2 ? { 'x-forwarded-for': `198.51.100.${i}` } : {}),
        },
        // Another email each time, so only the address's budget is spent.
        body: JSON.stringify({ email: `nobody-${runId}-${i}@example.com`, password: 'not-it-7' }),
      });
      statuses.push(answer.status);
      const instance = answer.headers.get('x-kith-instance') ?? '?';
      (byInstance[instance] ??= []).push(answer.status);
    }
    report('rate limits', { address, perInstance: byInstance });
    expect(statuses).toEqual([
      ...Array<number>(RATE_LIMIT_PER_IP).fill(401),
      ...Array<number>(RATE_LIMIT_PER_IP).fill(429),
    ]);
    // Every instance refused some and let some through: one budget, kept in Redis.
    for (const name of cluster.instances.map((instance) => instance.name)) {
      expect(byInstance[name]).toContain(401);
      expect(byInstance[name]).toContain(429);
    }
    // Another address still has its whole budget.
    const other = client(cluster.balancerUrl);
    expect(
      await statusOf(
        other.auth.login.mutate({ email: `x-${runId}@example.com`, password: 'not-it-either-9' }),
      ),
    ).toBe(401);
  });
});

describe('photos', () => {
  it('serves a photo uploaded through one instance from the others, kept in the S3 store', async () => {
    const [owner] = await accounts(1, 'Photographer');
    const [first, ...others] = cluster.instances;
    const uploader = client(first!.baseUrl);
    await uploader.auth.login.mutate({ email: owner!.email, password: PASSWORD });
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const { image } = await uploader.images.upload.mutate({ data: new Uint8Array(png) });
    expect(image.url).toMatch(/^\/uploads\//);

    const key = new URL(image.url, cluster.balancerUrl).pathname.replace(/^\/uploads\//, '');
    const stored = await cluster.s3.get(key);
    expect(stored, 'the object in the S3 store').not.toBeNull();
    const storedBytes = Buffer.from(stored!);
    // The store keeps it as files of its own, under the bucket's folder.
    expect(readdirSync(join(cluster.s3Dir, S3_BUCKET), { recursive: true }).length).toBeGreaterThan(
      0,
    );
    for (const instance of others) {
      const answer = await fetch(`${instance.baseUrl}${image.url}`);
      expect(answer.status, instance.name).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\//);
      expect(Buffer.from(await answer.arrayBuffer()).equals(storedBytes)).toBe(true);
    }
    // Nothing was written to the uploading instance's own disk.
    expect(existsSync(join(cluster.dataDir, first!.name, 'uploads'))).toBe(false);
    const meta = await sharp(storedBytes).metadata();
    report('photos', { key, bytes: storedBytes.length, format: meta.format });
  });
});

describe('scheduled jobs', () => {
  it('sends the reminder mail once, with three instances working the queue', async () => {
    expect(signedUp, 'the sign-up test arranged the reminder').toBeDefined();
    const isReminder = (m: { to: string; subject: string }) =>
      m.to.includes(signedUp!.email) && m.subject.includes('Ada Lovelace');
    // pg-boss turns a due schedule into a job within about 35 s of the minute's start, and a
    // worker polls every 10 s: within two minutes of the change.
    const mail = await cluster.waitForMail(isReminder, 150_000);
    expect(mail.subject).toMatch(/^Today: Ada Lovelace/);
    expect(mail.text).toContain('Ada Lovelace');
    // The job that sent it completes; later minutes' jobs must not send it again (checked
    // at the end of the run, after the load and the sync).
    await waitForReminderJobs(1, 60_000);
    expect(cluster.mails.filter(isReminder)).toHaveLength(1);
    const minutes = await reminderJobsByMinute();
    for (const minute of minutes) expect(minute.jobs, minute.minute).toBe(1);
    report('scheduled jobs', {
      mailAfterMs: mail.receivedAt - reminderArrangedAt,
      subject: mail.subject,
      minutes: minutes.map(({ minute, jobs }) => `${minute}: ${jobs} job`),
    });
  });
});

/**
 * Moves the reminders job's schedule to every minute. Every instance writes its code's
 * schedule (every 15 minutes) when it starts, so this is done again after each restart.
 */
async function remindersEveryMinute(): Promise<void> {
  await cluster.sql`update pgboss.schedule set cron = '* * * * *' where name = 'reminders'`;
}

interface JobMinute {
  minute: string;
  jobs: number;
  completed: number;
}

function reminderJobsByMinute(): Promise<JobMinute[]> {
  return cluster.sql<JobMinute[]>`
    select to_char(date_trunc('minute', created_on), 'HH24:MI') as minute,
           count(*)::int as jobs,
           count(*) filter (where state = 'completed')::int as completed
    from (select created_on, state from pgboss.job where name = 'reminders'
          union all
          select created_on, state from pgboss.archive where name = 'reminders') as runs
    where created_on >= ${new Date(reminderArrangedAt - 60_000)}
    group by 1 order by 1`;
}

async function waitForReminderJobs(count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const minutes = await reminderJobsByMinute();
    if (minutes.filter((m) => m.completed === m.jobs).length >= count) return;
    await sleep(1_000);
  }
  const jobs = await cluster.sql`
    select created_on, started_on, completed_on, state, singleton_on from pgboss.job where name = 'reminders'
    union all
    select created_on, started_on, completed_on, state, singleton_on from pgboss.archive where name = 'reminders'`;
  const schedule = await cluster.sql`select * from pgboss.schedule where name = 'reminders'`;
  throw new Error(
    `fewer than ${count} completed minutes of the reminders job: ${JSON.stringify({ jobs, schedule, now: new Date() })}`,
  );
}

describe('under load, an instance killed and another stopped', () => {
  it(`serves ${LOAD_CLIENTS} clients for ${LOAD_MS / 1000} s through the balancer: no 5xx from Kith, no acknowledged write lost, both instances back`, async () => {
    const traffic = newTraffic();
    const users = await accounts(LOAD_CLIENTS, 'Loadperson');
    const people = await Promise.all(
      users.map(async ({ id, email }, i) => {
        const person = client(cluster.balancerUrl, traffic);
        await person.auth.login.mutate({ email, password: PASSWORD });
        return new Tester(id, person, `Loadperson${i}`);
      }),
    );
    Object.assign(traffic, newTraffic());
    const statsBefore = await cluster.balancerStats();
    const [, killed, stopped] = cluster.instances;

    const stats = newStats();
    const started = Date.now();
    const ends = started + LOAD_MS;
    const load = Promise.all(people.map((person) => person.run(stats, () => Date.now() > ends)));

    const until = (ms: number) => sleep(Math.max(0, started + ms - Date.now()));
    const events: Record<string, number | boolean> = {};
    const outages: { from: number; to: number }[] = [];

    await until(LOAD_MS * 0.25);
    const killedAt = Date.now();
    await killed!.stop('SIGKILL');
    events.sigkillToDownMs = await cluster.waitForStatus([killed!.name], 'DOWN', 10_000);
    events.sigkillRestartMs = await killed!.start();
    await remindersEveryMinute();
    events.sigkillRejoinMs = await cluster.waitForStatus([killed!.name], 'UP', 30_000);
    outages.push({ from: killedAt, to: Date.now() });

    await until(LOAD_MS * 0.5);
    const stoppedAt = Date.now();
    await stopped!.stop('SIGTERM');
    events.sigtermExitMs = Date.now() - stoppedAt;
    events.sigtermToDownMs = await cluster.waitForStatus([stopped!.name], 'DOWN', 10_000);
    events.sigtermRestartMs = await stopped!.start();
    await remindersEveryMinute();
    events.sigtermRejoinMs = await cluster.waitForStatus([stopped!.name], 'UP', 30_000);
    outages.push({ from: stoppedAt, to: Date.now() });
    events.bothBackBeforeTheLoadEnded = Date.now() < ends;

    await load;
    const seconds = (Date.now() - started) / 1000;
    const statsAfter = await cluster.balancerStats();
    const problems = await findDiscrepancies(cluster.sql, people);

    // Every instance is UP in HAProxy and answers through it again.
    const probe = newTraffic();
    const { fetch, close } = fetchFrom(nextAddress(), probe);
    closers.push(close);
    for (let i = 0; i < 12; i += 1) await (await fetch(`${cluster.balancerUrl}/api/health`)).text();

    // Everything a client saw fail: the balancer's own answers, and connections it closed.
    const failures = [...traffic.balancerErrors, ...traffic.networkErrors];
    const failedGets = failures.filter((e) => e.method === 'GET');
    const failedWrites = failures.filter((e) => e.method !== 'GET');
    report('load', {
      clients: LOAD_CLIENTS,
      seconds: Math.round(seconds),
      requests: traffic.requests,
      requestsPerSecond: Math.round(traffic.requests / seconds),
      p50Ms: Math.round(percentile(traffic.latenciesMs, 50)),
      p95Ms: Math.round(percentile(traffic.latenciesMs, 95)),
      p99Ms: Math.round(percentile(traffic.latenciesMs, 99)),
      acknowledgedWrites: stats.acknowledgedWrites,
      kithServerErrors: stats.serverErrors,
      writesUnanswered: failedWrites.length,
      writesUnansweredAfterSigterm: failedWrites.filter(
        (f) => f.at >= outages[1]!.from && f.at <= outages[1]!.to,
      ).length,
      readsUnanswered: failedGets.length,
      haproxyRetries: statsAfter.retries - statsBefore.retries,
      haproxyRedispatches: statsAfter.redispatches - statsBefore.redispatches,
      answeredBy: traffic.byInstance,
      rowsLost: problems.length,
      ...events,
    });
    const relative = <T extends { at: number }>(list: T[]) =>
      list.map((e) => ({ ...e, at: e.at - started }));
    report('load: what clients saw fail', {
      killedAt: killedAt - started,
      stoppedAt: stoppedAt - started,
      balancerErrors: relative(traffic.balancerErrors),
      networkErrors: relative(traffic.networkErrors),
    });

    expect(stats.samples).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    expect(stats.clientErrors).toBe(0);
    expect(problems).toEqual([]);
    expect(stats.acknowledgedWrites).toBeGreaterThan(LOAD_CLIENTS);
    // Reads the dying instance held were sent again by HAProxy: no client saw them fail.
    expect(failedGets).toEqual([]);
    // A write in flight on an instance that went away may have been applied, so HAProxy does
    // not send it twice: its client gets no answer (at most one per client, in an outage), and
    // the model above accepts either outcome for it. No other request failed, and none in the
    // SIGTERM's outage: the instance left HAProxy's rotation (its health said 503) before it
    // closed, so no request was sent on a connection it was closing
    // (docs/cluster.md#what-a-client-sees-when-an-instance-dies).
    expect(failedWrites.length).toBeLessThanOrEqual(LOAD_CLIENTS);
    expect(failures.filter((f) => f.at >= outages[1]!.from && f.at <= outages[1]!.to)).toEqual([]);
    for (const failure of failedWrites) {
      expect(
        outages.some(({ from, to }) => failure.at >= from && failure.at <= to),
        `${failure.method} ${failure.path} at ${failure.at - started} ms outside the outages`,
      ).toBe(true);
    }
    expect(stats.noAnswer).toBe(failures.length);
    for (const instance of cluster.instances) {
      expect(probe.byInstance[instance.name], instance.name).toBeGreaterThan(0);
    }
  });
});

describe('CardDAV through the balancer', () => {
  it(`vdirsyncer syncs ${DAV_SERVER_CARDS} cards down and ${DAV_LOCAL_CARDS} up while an instance is killed`, async () => {
    const [owner] = await accounts(1, 'Syncer');
    const person = client(cluster.balancerUrl);
    await person.auth.login.mutate({ email: owner!.email, password: PASSWORD });
    for (let batch = 0; batch < DAV_SERVER_CARDS; batch += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, DAV_SERVER_CARDS - batch) }, (_, i) =>
          person.contacts.create.mutate({
            givenName: `Server${batch + i}`,
            familyName: 'Card',
            phones: [{ value: `+1 555 01${String(batch + i).padStart(2, '0')}`, type: '' }],
            emails: [{ value: `server${batch + i}@example.com`, type: '' }],
          }),
        ),
      );
    }
    const { password } = await person.appPasswords.create.mutate({ name: 'vdirsyncer' });

    // A phone's folder through the balancer, discovered but not synced yet.
    const phone = await discoveredFolder(
      { baseUrl: cluster.balancerUrl, email: owner!.email, password },
      { syncTimeoutMs: 180_000 },
    );
    closers.push(async () => phone.close());
    for (let i = 0; i < DAV_LOCAL_CARDS; i += 1) {
      phone.write(
        `local-${i}.vcf`,
        [
          'BEGIN:VCARD',
          'VERSION:3.0',
          `UID:local-${runId}-${i}`,
          `FN:Local${i} Card`,
          `N:Card;Local${i};;;`,
          'END:VCARD',
          '',
        ].join('\r\n'),
      );
    }
    const cards = () => readdirSync(phone.folder).filter((file) => file.endsWith('.vcf')).length;

    const victim = cluster.instances[0]!;
    const sync = () =>
      phone.sync().then(
        () => ({ ok: true as const, error: '' }),
        (error: { stderr?: string; message: string }) => ({
          ok: false as const,
          error: (error.stderr ?? error.message).slice(-2_000),
        }),
      );
    const started = Date.now();
    let finished = false;
    const first = sync().finally(() => (finished = true));
    // Killed once the download has begun: some cards are here, not all.
    while (!finished && cards() <= DAV_LOCAL_CARDS) await sleep(20);
    const killedMidSync = !finished;
    const cardsAtKill = cards();
    await victim.stop('SIGKILL');
    const firstRun = await first;
    const reruns = firstRun.ok ? 0 : 1;
    const secondRun = firstRun.ok ? firstRun : await sync();
    const syncMs = Date.now() - started;
    await victim.start();
    await remindersEveryMinute();
    await cluster.waitForStatus([victim.name], 'UP', 30_000);

    const [{ count: onServer } = { count: 0 }] = await cluster.sql<{ count: number }[]>`
      select count(*)::int as count from contacts
      where user_id = ${owner!.id} and trashed_at is null`;
    report('carddav', {
      cards: DAV_SERVER_CARDS + DAV_LOCAL_CARDS,
      cardsAtKill,
      killedMidSync,
      reruns,
      firstRunError: firstRun.error || undefined,
      syncMs,
    });
    expect(killedMidSync, 'the instance died while vdirsyncer was syncing').toBe(true);
    expect(secondRun.error).toBe('');
    expect(cards()).toBe(DAV_SERVER_CARDS + DAV_LOCAL_CARDS);
    expect(onServer).toBe(DAV_SERVER_CARDS + DAV_LOCAL_CARDS);
  });
});

describe('at the end of the run', () => {
  it('sent no reminder again, and made one reminders job per minute, all run long', async () => {
    // At least one later minute's job has run (through the kills) since the one that sent it.
    await waitForReminderJobs(2, 90_000);
    const reminders = cluster.mails.filter((m) => m.subject.includes('Ada Lovelace'));
    expect(reminders).toHaveLength(1);
    const minutes = await reminderJobsByMinute();
    report('scheduled jobs, whole run', {
      minutes: minutes.map(({ minute, jobs }) => `${minute}: ${jobs} job`),
    });
    for (const minute of minutes) expect(minute.jobs, minute.minute).toBe(1);
  });
});
