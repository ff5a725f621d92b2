import { describe, expect, it } from 'vitest';
import { UnavailableError } from './errors';
import { MAX_WRITE_ATTEMPTS, retryConflicts } from './write-transaction';

/** An error shaped as Drizzle wraps a postgres.js one: the SQLSTATE on its cause. */
function databaseError(code: string): Error {
  return new Error('Failed query', { cause: Object.assign(new Error(code), { code }) });
}

describe('retryConflicts', () => {
  it('runs a transaction again after a deadlock or a serialization failure', async () => {
    const failures = [databaseError('40P01'), databaseError('40001')];
    let runs = 0;
    const result = await retryConflicts(async () => {
      runs += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(runs).toBe(3);
  });

  it('gives up with a 503 after the last attempt, never the database error', async () => {
    let runs = 0;
    const attempt = retryConflicts(async () => {
      runs += 1;
      throw databaseError('40P01');
    });
    await expect(attempt).rejects.toBeInstanceOf(UnavailableError);
    await expect(attempt).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(runs).toBe(MAX_WRITE_ATTEMPTS);
  });

  it('passes any other error through at once', async () => {
    let runs = 0;
    const unique = databaseError('23505');
    await expect(
      retryConflicts(async () => {
        runs += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });
});
