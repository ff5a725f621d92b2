import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { callerFor, makeContact, makeUser, signedInCaller } from '../test-support/test-caller';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The test's "today" as the browser would send it: the server's own UTC date. */
const today = () => t.now().toISOString().slice(0, 10);
function daysFrom(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('keep in touch', () => {
  it('is due one interval after it is set, and again after "I talked to them today"', async () => {
    const caller = await signedInCaller(t);
    const ana = await makeContact(caller, { givenName: 'Ana' });
    expect(await caller.keepInTouch.get({ contactId: ana.id })).toEqual({
      interval: null,
      lastContactedOn: null,
      dueOn: null,
    });
    const set = await caller.keepInTouch.set({
      contactId: ana.id,
      interval: 'week',
      today: today(),
    });
    expect(set).toEqual({ interval: 'week', lastContactedOn: null, dueOn: daysFrom(today(), 7) });

    const talked = await caller.keepInTouch.talkedToday({ contactId: ana.id, today: today() });
    expect(talked).toEqual({
      interval: 'week',
      lastContactedOn: today(),
      dueOn: daysFrom(today(), 7),
    });

    const cleared = await caller.keepInTouch.set({ contactId: ana.id, interval: null });
    expect(cleared).toEqual({ interval: null, lastContactedOn: today(), dueOn: null });
  });

  it('counts months by the calendar: 31 January plus a month is the end of February', async () => {
    const caller = await signedInCaller(t);
    const ana = await makeContact(caller, { givenName: 'Ana' });
    // The clock runs from the last talk, when there was one.
    const now = today();
    await caller.keepInTouch.talkedToday({ contactId: ana.id, today: now });
    const state = await caller.keepInTouch.set({
      contactId: ana.id,
      interval: 'month',
      today: now,
    });
    const [y, m, d] = now.split('-').map(Number) as [number, number, number];
    const lastOfNext = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const expected = new Date(Date.UTC(y, m, Math.min(d, lastOfNext))).toISOString().slice(0, 10);
    expect(state.dueOn).toBe(expected);
  });

  it('lists who is due, soonest first, with the count, leaving out trash and other accounts', async () => {
    const user = await makeUser(t);
    let caller = await callerFor(t, user.id);
    const now = today();
    const weekly = await makeContact(caller, { givenName: 'Weekly' });
    const yearly = await makeContact(caller, { givenName: 'Yearly' });
    const trashed = await makeContact(caller, { givenName: 'Trashed' });
    await makeContact(caller, { givenName: 'Untracked' });
    await caller.keepInTouch.set({ contactId: weekly.id, interval: 'week', today: now });
    await caller.keepInTouch.set({ contactId: yearly.id, interval: 'year', today: now });
    await caller.keepInTouch.set({ contactId: trashed.id, interval: 'week', today: now });
    await caller.trash.add({ id: trashed.id });

    const before = await caller.keepInTouch.list({ today: now });
    expect(before.items.map((i) => [i.contact.givenName, i.due])).toEqual([
      ['Weekly', false],
      ['Yearly', false],
    ]);
    expect(before.dueCount).toBe(0);

    // A week later (the clock moved, so a new session), the weekly one is due.
    t.advanceClock(7 * 86_400_000);
    caller = await callerFor(t, user.id);
    const later = daysFrom(now, 7);
    const after = await (await signedInCaller(t)).keepInTouch.dueCount({ today: later });
    expect(after).toBe(0); // another account sees none of them
    const mine = await caller.keepInTouch.list({ today: later });
    expect(mine.items.map((i) => [i.contact.givenName, i.due])).toEqual([
      ['Weekly', true],
      ['Yearly', false],
    ]);
    expect(await caller.keepInTouch.dueCount({ today: later })).toBe(1);
  });

  it("refuses another account's contact, a trashed one, and a date that is not today", async () => {
    const caller = await signedInCaller(t);
    const other = await signedInCaller(t);
    const theirs = await makeContact(other, { givenName: 'Theirs' });
    await expect(
      caller.keepInTouch.set({ contactId: theirs.id, interval: 'month' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.keepInTouch.talkedToday({ contactId: theirs.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const mine = await makeContact(caller, { givenName: 'Mine' });
    await expect(
      caller.keepInTouch.talkedToday({ contactId: mine.id, today: daysFrom(today(), 3) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That date is not today in any time zone.',
    });
    await expect(
      // @ts-expect-error an interval that does not exist
      caller.keepInTouch.set({ contactId: mine.id, interval: 'fortnight' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
