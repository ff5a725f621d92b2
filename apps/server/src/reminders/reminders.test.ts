import { sendDueReminders, type Mailer, type MailMessage } from '@kith/api';
import { schema } from '@kith/db';
import type { ReminderSettingsInput } from '@kith/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, makeUser, callerFor, type Caller } from '../test-support/test-caller';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  t.outbox.length = 0;
});

const SETTINGS: ReminderSettingsInput = {
  enabled: true,
  birthdays: true,
  anniversaries: true,
  otherDates: false,
  leadDays: [0],
  sendAt: '09:00',
  timeZone: 'UTC',
  delivery: 'each',
};

/** A new account with reminders saved as `settings` (over the defaults above). */
async function personWithReminders(settings: Partial<ReminderSettingsInput> = {}) {
  const user = await makeUser(t, { name: 'Ada' });
  const caller = await callerFor(t, user.id);
  await caller.reminders.saveSettings({ ...SETTINGS, ...settings });
  return { user, caller };
}

/** Runs the reminders job as it would run at `instant`; returns the mails sent to `email`. */
async function dispatchAt(instant: string, email?: string, mailer?: Mailer) {
  const before = t.outbox.length;
  await sendDueReminders(mailer ? { ...t.deps, mailer } : t.deps, new Date(instant));
  return t.outbox.slice(before).filter((m) => !email || m.to === email);
}

const subjects = (mails: MailMessage[]) => mails.map((m) => m.subject);

describe('reminder mails, the clock moved', () => {
  it('reminds at each lead time, at the time of day, once, with the age and a link', async () => {
    const { user, caller } = await personWithReminders({ leadDays: [0, 3, 7] });
    const grace = await makeContact(caller, {
      givenName: 'Grace',
      familyName: 'Hopper',
      birthday: { day: 10, month: 3, year: 1990 },
    });

    expect(await dispatchAt('2027-03-03T08:59:00Z', user.email)).toEqual([]);
    const week = await dispatchAt('2027-03-03T09:05:00Z', user.email);
    expect(subjects(week)).toEqual(["In 7 days: Grace Hopper's birthday (turns 37)"]);
    expect(week[0]!.text).toContain('Wednesday 10 March');
    expect(week[0]!.text).toContain(`/person/${grace.id}`);
    expect(week[0]!.html).toContain(`/person/${grace.id}`);
    // The job runs every 15 minutes: the same day again sends nothing more.
    expect(await dispatchAt('2027-03-03T09:20:00Z', user.email)).toEqual([]);
    expect(await dispatchAt('2027-03-04T09:05:00Z', user.email)).toEqual([]);
    expect(subjects(await dispatchAt('2027-03-07T10:00:00Z', user.email))).toEqual([
      "In 3 days: Grace Hopper's birthday (turns 37)",
    ]);
    expect(subjects(await dispatchAt('2027-03-10T23:59:00Z', user.email))).toEqual([
      "Today: Grace Hopper's birthday (turns 37)",
    ]);
  });

  it("follows the person's time zone across a daylight-saving change", async () => {
    // Madrid moves from UTC+1 to UTC+2 on 28 March 2027: 09:00 there is 08:00Z, then 07:00Z.
    const { user, caller } = await personWithReminders({ timeZone: 'Europe/Madrid' });
    await makeContact(caller, {
      givenName: 'Before',
      birthday: { day: 26, month: 3, year: 1980 },
    });
    await makeContact(caller, {
      givenName: 'After',
      birthday: { day: 29, month: 3, year: 1980 },
    });

    expect(await dispatchAt('2027-03-26T07:45:00Z', user.email)).toEqual([]);
    expect(subjects(await dispatchAt('2027-03-26T08:00:00Z', user.email))).toEqual([
      "Today: Before Hopper's birthday (turns 47)",
    ]);
    expect(subjects(await dispatchAt('2027-03-29T07:00:00Z', user.email))).toEqual([
      "Today: After Hopper's birthday (turns 47)",
    ]);
    // Late on 28 March in UTC is already the 29th in Madrid, past 09:00 is not: nothing early.
    expect(await dispatchAt('2027-03-28T23:30:00Z', user.email)).toEqual([]);
  });

  it('reminds of a 29 February birthday on 28 February in other years', async () => {
    const { user, caller } = await personWithReminders({ leadDays: [0, 1] });
    await makeContact(caller, {
      givenName: 'Leap',
      birthday: { day: 29, month: 2, year: 2000 },
    });

    expect(subjects(await dispatchAt('2027-02-27T09:00:00Z', user.email))).toEqual([
      "Tomorrow: Leap Hopper's birthday (turns 27)",
    ]);
    expect(subjects(await dispatchAt('2027-02-28T09:00:00Z', user.email))).toEqual([
      "Today: Leap Hopper's birthday (turns 27)",
    ]);
    // 2028 has a 29 February: the reminder waits for it.
    expect(await dispatchAt('2028-02-27T09:00:00Z', user.email)).toEqual([]);
    expect(subjects(await dispatchAt('2028-02-28T09:00:00Z', user.email))).toEqual([
      "Tomorrow: Leap Hopper's birthday (turns 28)",
    ]);
    expect(subjects(await dispatchAt('2028-02-29T09:00:00Z', user.email))).toEqual([
      "Today: Leap Hopper's birthday (turns 28)",
    ]);
  });

  it('never reminds of a trashed contact, nor of what the settings leave out', async () => {
    const { user, caller } = await personWithReminders({ anniversaries: false });
    const trashed = await makeContact(caller, {
      givenName: 'Trashed',
      birthday: { day: 5, month: 5, year: 1970 },
    });
    await caller.trash.add({ id: trashed.id });
    await makeContact(caller, {
      givenName: 'Married',
      dates: [
        { type: 'anniversary', day: 5, month: 5, year: 2010 },
        { type: 'Graduation', day: 5, month: 5, year: 2012 },
      ],
    });
    expect(await dispatchAt('2027-05-05T09:00:00Z', user.email)).toEqual([]);

    await caller.reminders.saveSettings({ ...SETTINGS, anniversaries: false, otherDates: true });
    expect(subjects(await dispatchAt('2027-05-05T09:30:00Z', user.email))).toEqual([
      'Today: Married Hopper: Graduation (15 years)',
    ]);
    await caller.reminders.saveSettings({ ...SETTINGS, enabled: false });
    expect(await dispatchAt('2027-05-06T09:30:00Z', user.email)).toEqual([]);
  });

  it("mails each account only its own contacts, in the account's language", async () => {
    const ana = await personWithReminders();
    await t.db.update(schema.users).set({ locale: 'es' }).where(eq(schema.users.id, ana.user.id));
    await makeContact(ana.caller, {
      givenName: 'Lucía',
      familyName: 'Pérez',
      birthday: { day: 12, month: 6, year: 1995 },
      dates: [{ type: 'anniversary', day: 12, month: 6, year: null }],
    });
    const other = await personWithReminders();
    await makeContact(other.caller, {
      givenName: 'Someone',
      birthday: { day: 12, month: 6, year: 1995 },
    });

    const mails = await dispatchAt('2027-06-12T09:00:00Z');
    const anas = mails.filter((m) => m.to === ana.user.email);
    expect(subjects(anas)).toEqual([
      'Hoy: cumpleaños de Lucía Pérez (cumple 32)',
      'Hoy: aniversario de Lucía Pérez',
    ]);
    expect(anas[0]!.text).toContain('sábado, 12 de junio');
    expect(anas.some((m) => m.text.includes('Someone'))).toBe(false);
    expect(subjects(mails.filter((m) => m.to === other.user.email))).toEqual([
      "Today: Someone Hopper's birthday (turns 32)",
    ]);
  });

  it('sends nothing twice when the mail server fails half-way and the job is retried', async () => {
    const { user, caller } = await personWithReminders();
    for (const name of ['One', 'Two', 'Three']) {
      await makeContact(caller, {
        givenName: name,
        birthday: { day: 20, month: 7, year: 1990 },
      });
    }
    let accepted = 0;
    const flaky: Mailer = {
      async send(message) {
        if (message.to === user.email && accepted === 1) {
          accepted += 1;
          throw new Error('421 try again later');
        }
        if (message.to === user.email) accepted += 1;
        await t.deps.mailer.send(message);
      },
    };
    await expect(dispatchAt('2027-07-20T09:00:00Z', user.email, flaky)).rejects.toThrow(
      '421 try again later',
    );
    const retried = await dispatchAt('2027-07-20T09:02:00Z', user.email, flaky);
    const again = await dispatchAt('2027-07-20T09:15:00Z', user.email, flaky);
    const all = t.outbox.filter((m) => m.to === user.email);
    expect(subjects(all).sort()).toEqual([
      "Today: One Hopper's birthday (turns 37)",
      "Today: Three Hopper's birthday (turns 37)",
      "Today: Two Hopper's birthday (turns 37)",
    ]);
    expect(retried.length + again.length).toBe(2);
  });

  it('sends nothing twice when a run stopped after claiming, before finishing the day', async () => {
    const { user, caller } = await personWithReminders();
    await makeContact(caller, {
      givenName: 'Once',
      birthday: { day: 2, month: 8, year: 1990 },
    });
    expect(await dispatchAt('2027-08-02T09:00:00Z', user.email)).toHaveLength(1);
    // As if the server stopped before it recorded the day as done.
    await t.db
      .update(schema.reminderSettings)
      .set({ preparedOn: null })
      .where(eq(schema.reminderSettings.userId, user.id));
    expect(await dispatchAt('2027-08-02T09:15:00Z', user.email)).toEqual([]);
  });

  it('sends a weekly digest on Mondays instead, with who is due for keeping in touch', async () => {
    const { user, caller } = await personWithReminders({ delivery: 'weekly_digest' });
    for (const [name, day] of [
      ['Monday', 1],
      ['Thursday', 4],
      ['Sunday', 7],
      ['NextWeek', 8],
    ] as const) {
      await makeContact(caller, { givenName: name, birthday: { day, month: 3, year: 2000 } });
    }
    const friend = await makeContact(caller, { givenName: 'Friend' });
    await t.db
      .update(schema.contacts)
      .set({ keepInTouch: 'month', keepInTouchFrom: '2027-02-01' })
      .where(eq(schema.contacts.id, friend.id));

    // 2 March 2027 is a Tuesday: no digest; 1 March is the Monday.
    expect(await dispatchAt('2027-03-02T09:00:00Z', user.email)).toEqual([]);
    const [digest, ...rest] = await dispatchAt('2027-03-01T09:00:00Z', user.email);
    expect(rest).toEqual([]);
    expect(digest!.subject).toBe('This week: 3 birthdays, 1 person to keep in touch with');
    expect(digest!.text).toContain("Thursday 4 March: Thursday Hopper's birthday (turns 27)");
    expect(digest!.text).toContain('Friend Hopper (due Monday 1 March)');
    expect(digest!.text).not.toContain('NextWeek');
    expect(await dispatchAt('2027-03-01T12:00:00Z', user.email)).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  async function mailWithLink() {
    const { user, caller } = await personWithReminders();
    await makeContact(caller, {
      givenName: 'Link',
      birthday: { day: 9, month: 9, year: 1990 },
    });
    const [mail] = await dispatchAt('2027-09-09T09:00:00Z', user.email);
    const url = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    return { user, caller, mail: mail!, path: new URL(url).pathname };
  }

  it('turns reminders off from the link alone, by POST; a GET only asks', async () => {
    const { caller, mail, path } = await mailWithLink();
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(path);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    expect((await caller.reminders.settings()).enabled).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Reminders are off');
    expect((await caller.reminders.settings()).enabled).toBe(false);
  });

  it('expires a link once the settings change or reminders are turned on again', async () => {
    const { caller, path } = await mailWithLink();
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    // Unsubscribing twice with the same link is fine: turning off moves nothing.
    expect((await post(path)).statusCode).toBe(200);
    expect((await post(path)).statusCode).toBe(200);

    // Turned on again: the old mail's link no longer turns them off.
    await caller.reminders.saveSettings(SETTINGS);
    for (const method of ['GET', 'POST'] as const) {
      const old = method === 'GET' ? await t.app.inject({ method, url: path }) : await post(path);
      expect(old.statusCode).toBe(410);
      expect(old.headers['content-type']).toContain('text/html');
      expect(old.body).toContain('This link has expired');
    }
    expect((await caller.reminders.settings()).enabled).toBe(true);

    // The next mail carries a link that works.
    await makeContact(caller, {
      givenName: 'Next',
      birthday: { day: 10, month: 9, year: 1990 },
    });
    const [mail] = await dispatchAt('2027-09-10T09:00:00Z');
    const fresh = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!).pathname;
    expect(fresh).not.toBe(path);
    expect((await post(fresh)).statusCode).toBe(200);
    expect((await caller.reminders.settings()).enabled).toBe(false);
  });

  it('answers 400 for a link of the wrong shape and 404 for a forged one', async () => {
    const { path } = await mailWithLink();
    const malformed = await t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}` });
    expect(malformed.statusCode).toBe(400);
    const forged = path.slice(0, -1) + (path.endsWith('A') ? 'B' : 'A');
    const refused = await t.app.inject({ method: 'POST', url: forged });
    expect(refused.statusCode).toBe(404);
  });
});

describe('reminder settings', () => {
  it('are off until saved, and come back as saved', async () => {
    const caller: Caller = await callerFor(t, (await makeUser(t)).id);
    expect(await caller.reminders.settings()).toMatchObject({ saved: false, enabled: false });
    const saved = await caller.reminders.saveSettings({
      ...SETTINGS,
      leadDays: [14, 0, 3],
      sendAt: '07:30',
      timeZone: 'America/Argentina/Buenos_Aires',
      delivery: 'weekly_digest',
    });
    expect(saved).toEqual({
      ...SETTINGS,
      saved: true,
      leadDays: [0, 3, 14],
      sendAt: '07:30',
      timeZone: 'America/Argentina/Buenos_Aires',
      delivery: 'weekly_digest',
    });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'IANA name'],
    [{ timeZone: '+01:00' }, 'IANA name'],
    [{ leadDays: [2] }, 'on the day, or 1, 3, 7 or 14 days before'],
    [{ leadDays: [] }, 'at least one'],
    [{ leadDays: [1, 1] }, 'once'],
    [{ sendAt: '25:00' }, 'HH:MM'],
  ] as const)('refuse %j with the reason', async (change, reason) => {
    const caller = await callerFor(t, (await makeUser(t)).id);
    const input = { ...SETTINGS, ...change } as ReminderSettingsInput;
    await expect(caller.reminders.saveSettings(input)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(reason),
    });
  });
});
