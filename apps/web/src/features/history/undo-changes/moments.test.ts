import { afterEach, describe, expect, it, vi } from 'vitest';
import { customBounds, fromInputValue, presetMoment, toInputValue } from './moments';

/** Runs `check` with the process in `zone`, as a browser there would be. */
function inZone(zone: string, check: () => void) {
  vi.stubEnv('TZ', zone);
  check();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the moments "Undo changes" offers', () => {
  const now = new Date('2026-11-26T17:51:13.456Z');

  it('counts 10 minutes and an hour back to the millisecond', () => {
    expect(presetMoment('10-minutes', now).toISOString()).toBe('2026-11-26T17:41:13.456Z');
    expect(presetMoment('1-hour', now).toISOString()).toBe('2026-11-26T16:51:13.456Z');
  });

  it('gives "Yesterday" and "1 week ago" the same clock time, also across a daylight-saving change', () => {
    inZone('Europe/Madrid', () => {
      // 30 March 2026, 10:00 in Madrid (summer time since the 29th): yesterday at 10:00 was
      // winter time, 23 hours of clock earlier.
      const monday = new Date('2026-03-30T08:00:00Z');
      expect(presetMoment('yesterday', monday).toISOString()).toBe('2026-03-29T08:00:00.000Z');
      expect(presetMoment('1-week', monday).toISOString()).toBe('2026-03-23T09:00:00.000Z');
    });
  });

  it('writes and reads a datetime-local value in the browser’s time zone, to the minute', () => {
    inZone('America/New_York', () => {
      expect(toInputValue(now)).toBe('2026-11-26T12:51');
      expect(fromInputValue('2026-11-26T12:51')?.toISOString()).toBe('2026-11-26T17:51:00.000Z');
      expect(fromInputValue('2026-11-26T12:51:30')?.toISOString()).toBe('2026-11-26T17:51:30.000Z');
    });
  });

  it('reads an empty, partial or impossible value as no moment', () => {
    expect(fromInputValue('')).toBeNull();
    expect(fromInputValue('2026-11-26')).toBeNull();
    expect(fromInputValue('2026-06-31T10:00')).toBeNull();
    expect(fromInputValue('tomorrow')).toBeNull();
  });

  it('lets a custom moment go back 30 days (the first whole minute kept) and no later than now', () => {
    inZone('UTC', () => {
      expect(customBounds(now)).toEqual({ min: '2026-10-27T17:52', max: '2026-11-26T17:51' });
      expect(customBounds(new Date('2026-11-26T17:51:00Z'))).toEqual({
        min: '2026-10-27T17:51',
        max: '2026-11-26T17:51',
      });
    });
  });
});
