import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { signedInCaller, type Caller } from '../test-support/test-caller';

// Procedure-layer tests (createCaller): how a CSV's a/b/yyyy birthdays are read.
let t: TestApp;
let caller: Caller;

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../../packages/api/src/imports/fixtures/${name}`, import.meta.url),
    'utf8',
  );

beforeAll(async () => {
  t = await createTestApp();
  caller = await signedInCaller(t);
});

afterAll(async () => {
  await t.close();
});

const birthdays = (preview: Awaited<ReturnType<Caller['imports']['preview']>>) =>
  Object.fromEntries(preview.contacts.map((c) => [c.givenName, c.birthday]));

describe('CSV birthdays, day first or month first', () => {
  it('reads the whole column day first when one date shows it (23/6), 4/6 included', async () => {
    const preview = await caller.imports.preview({ content: fixture('outlook-day-first.csv') });
    expect(preview.dateOrder).toEqual({ order: 'day-first', ambiguous: false });
    expect(birthdays(preview)).toEqual({
      Zoë: { day: 23, month: 6, year: 1974 },
      Marco: { day: 4, month: 6, year: 1980 },
      Anna: null,
    });
    expect(preview.problems).toEqual([]);
  });

  it('asks when no date tells, and reads them as the person answers', async () => {
    const content = fixture('outlook-ambiguous-dates.csv');
    const asked = await caller.imports.preview({ content });
    expect(asked.dateOrder).toEqual({ order: 'month-first', ambiguous: true });
    expect(birthdays(asked).Mario).toEqual({ day: 6, month: 4, year: 1980 });

    const answered = await caller.imports.preview({ content, dateOrder: 'day-first' });
    expect(answered.dateOrder).toEqual({ order: 'day-first', ambiguous: true });
    expect(birthdays(answered)).toEqual({
      Mario: { day: 4, month: 6, year: 1980 },
      Elena: { day: 1, month: 2, year: 1990 },
    });
  });

  it('keeps to what the column shows over an answer, and says nothing for a vCard', async () => {
    const preview = await caller.imports.preview({
      content: fixture('outlook-day-first.csv'),
      dateOrder: 'month-first',
    });
    expect(birthdays(preview).Zoë).toEqual({ day: 23, month: 6, year: 1974 });
    const vcard = await caller.imports.preview({ content: fixture('vcard-40.vcf') });
    expect(vcard.dateOrder).toBeNull();
  });
});
