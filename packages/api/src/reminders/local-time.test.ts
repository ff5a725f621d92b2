import { describe, expect, it } from 'vitest';
import { addDays, localTime, monthDaysFallingOn } from './local-time';

describe('local time for reminders', () => {
  it("reads a person's wall clock across a daylight-saving change", () => {
    // Madrid: UTC+1 until 28 March 2027 01:00Z, UTC+2 after.
    expect(localTime(new Date('2027-03-28T00:30:00Z'), 'Europe/Madrid')).toEqual({
      date: '2027-03-28',
      minute: 90,
      weekday: 7,
    });
    expect(localTime(new Date('2027-03-28T01:30:00Z'), 'Europe/Madrid')).toEqual({
      date: '2027-03-28',
      minute: 210,
      weekday: 7,
    });
    // New York is still on 28 February when UTC is on 1 March.
    expect(localTime(new Date('2027-03-01T03:00:00Z'), 'America/New_York').date).toBe('2027-02-28');
  });

  it('adds days across months and years', () => {
    expect(addDays('2027-12-25', 14)).toBe('2028-01-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('lets 28 February stand for 29 February only in a year without one', () => {
    expect(monthDaysFallingOn('2027-02-28')).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
    ]);
    expect(monthDaysFallingOn('2028-02-28')).toEqual([{ month: 2, day: 28 }]);
    expect(monthDaysFallingOn('2100-02-28')).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
    ]);
    expect(monthDaysFallingOn('2000-02-28')).toEqual([{ month: 2, day: 28 }]);
  });
});
