import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { callerFor, makeContact, makeUser, type Caller } from '../test-support/test-caller';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function personWithFeed(): Promise<{ caller: Caller; path: string; userId: string }> {
  const user = await makeUser(t);
  const caller = await callerFor(t, user.id);
  const feed = await caller.reminders.createFeed();
  return { caller, path: new URL(feed.url).pathname, userId: user.id };
}

/** The feed's events, parsed by ical.js: summary and the first three dates each falls on. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const dates = [];
    const each = event.iterator();
    for (let i = 0; i < 3; i += 1) dates.push(each.next()!.toString());
    return {
      summary: event.summary,
      dates,
      allDay: event.startDate.isDate,
      uid: event.uid,
      url: component.getFirstPropertyValue('url'),
    };
  });
}

describe('calendar feed (RFC 5545)', () => {
  it('lists birthdays and anniversaries as yearly all-day events a parser reads', async () => {
    const { caller, path } = await personWithFeed();
    const ana = await makeContact(caller, {
      givenName: 'Ana',
      familyName: 'García',
      birthday: { day: 14, month: 3, year: 1990 },
      dates: [{ type: 'anniversary', day: 1, month: 6, year: 2015 }],
    });
    await makeContact(caller, {
      givenName: 'Leap',
      familyName: 'Day',
      birthday: { day: 29, month: 2, year: 2000 },
    });
    const gone = await makeContact(caller, {
      givenName: 'Trashed',
      birthday: { day: 1, month: 1, year: 1990 },
    });
    await caller.trash.add({ id: gone.id });
    await makeContact(caller, { givenName: 'No', familyName: 'Dates' });

    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('X-WR-CALNAME:Kith: birthdays and anniversaries');
    expect(events(res.body)).toEqual([
      {
        summary: "Ana García's birthday",
        dates: ['1990-03-14', '1991-03-14', '1992-03-14'],
        allDay: true,
        uid: `${ana.id}-birthday@kith`,
        url: `http://localhost:3000/person/${ana.id}`,
      },
      {
        summary: "Ana García's anniversary",
        dates: ['2015-06-01', '2016-06-01', '2017-06-01'],
        allDay: true,
        uid: `${ana.id}-anniversary-0@kith`,
        url: `http://localhost:3000/person/${ana.id}`,
      },
      expect.objectContaining({
        summary: "Leap Day's birthday",
        // February's last day: the 29th in leap years, the 28th in the others.
        dates: ['2000-02-29', '2001-02-28', '2002-02-28'],
      }),
    ]);
  });

  it('answers 304 to a poller whose ETag is still current, and 200 after a change', async () => {
    const { caller, path } = await personWithFeed();
    await makeContact(caller, {
      givenName: 'Poll',
      birthday: { day: 2, month: 5, year: 1990 },
    });
    const first = await t.app.inject({ method: 'GET', url: path });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=3600');

    const again = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await makeContact(caller, { givenName: 'New', birthday: { day: 3, month: 5, year: 1991 } });
    const changed = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("speaks the account's language", async () => {
    const { caller, path, userId } = await personWithFeed();
    await t.db.update(schema.users).set({ locale: 'es' }).where(eq(schema.users.id, userId));
    await makeContact(caller, {
      givenName: 'Lucía',
      birthday: { day: 2, month: 5, year: 1990 },
    });
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(events(res.body).map((e) => e.summary)).toEqual(['Cumpleaños de Lucía Hopper']);
  });

  it('answers 404 once revoked or replaced, 404 for a forged token, 400 for a malformed one', async () => {
    const { caller, path } = await personWithFeed();
    expect((await caller.reminders.feed())!.url).toContain(path);

    const replaced = await caller.reminders.createFeed();
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(replaced.url).pathname;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

    // Another account's feed id with a signature that is not ours: the same 404 as unknown.
    const forged = newPath.replace(
      /.(\.ics)$/,
      (_m, ext) => (newPath.at(-5) === 'A' ? 'B' : 'A') + ext,
    );
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);

    const malformed = await t.app.inject({ method: 'GET', url: '/api/calendar/short.ics' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('not a calendar feed address');

    await caller.reminders.revokeFeed();
    expect(await caller.reminders.feed()).toBeNull();
    const revoked = await t.app.inject({ method: 'GET', url: newPath });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toContain('revoked');
  });

  it('never writes a bare CR from a name into the feed, even one stored before names were cleaned', async () => {
    const { caller, path } = await personWithFeed();
    const eve = await makeContact(caller, {
      givenName: 'Eve',
      birthday: { day: 2, month: 5, year: 1991 },
    });
    // As a row written before the contact limits stripped control characters.
    await t.db
      .update(schema.contacts)
      .set({ givenName: 'Eve\rBEGIN:VEVENT\rSUMMARY:injected' })
      .where(eq(schema.contacts.id, eve.id));
    const text = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(text.replace(/\r\n/g, '')).not.toContain('\r');
    const parsed = events(text);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.summary).toMatch(/^Eve BEGIN:VEVENT SUMMARY:injected .*'s birthday$/);
  });
});
