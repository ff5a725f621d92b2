import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CALL_TIMEOUT_MS,
  callTimeoutMs,
  fetchWithTimeout,
  isTimeout,
  REQUEST_TIMEOUT_MS,
} from './links';

afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that never answers, as a server that accepted the connection and went quiet. */
const silentServer: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

describe('call time limits (docs/offline.md#time-limits)', () => {
  it('gives an ordinary read or write 20 s, and a file or a whole book 60 s', () => {
    expect(CALL_TIMEOUT_MS).toBe(20_000);
    expect(callTimeoutMs('contacts.update')).toBe(20_000);
    expect(callTimeoutMs('contacts.window')).toBe(20_000);
    expect(callTimeoutMs('images.upload')).toBe(REQUEST_TIMEOUT_MS);
    expect(callTimeoutMs('imports.batch')).toBe(60_000);
    expect(callTimeoutMs('history.undoChanges')).toBe(60_000);
  });

  it("a save to a server that never answers is given up with 'Request aborted' after 20 s, not 60 s", async () => {
    vi.useFakeTimers();
    const call = fetchWithTimeout(silentServer, callTimeoutMs('contacts.update'))('/api/trpc/x', {
      method: 'POST',
    });
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(isTimeout(error)).toBe(true);
    expect((error as Error).message).toBe('Request aborted');
  });
});
