import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey, setSession, type SessionUser } from '../lib/session';
import { forgetOnSignOut } from './forget';
import { OFFLINE_API_CACHE } from './sw-handlers';

const person = (id: string) => ({ id, name: id }) as unknown as SessionUser;
let deleted: string[];

beforeEach(() => {
  deleted = [];
  vi.stubGlobal('caches', {
    delete: async (name: string) => {
      deleted.push(name);
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what is kept for offline goes with the session (docs/offline.md#privacy)', () => {
  it('is forgotten when the person signs out, and only then', async () => {
    const queryClient = new QueryClient();
    forgetOnSignOut(queryClient);
    setSession(queryClient, person('u1'));
    await Promise.resolve();
    expect(deleted).toEqual([]);
    setSession(queryClient, null);
    await vi.waitFor(() => expect(deleted).toEqual([OFFLINE_API_CACHE]));
  });

  it("drops the previous person's copies and queries when another person signs in on the same page", async () => {
    const queryClient = new QueryClient();
    forgetOnSignOut(queryClient);
    setSession(queryClient, person('u1'));
    queryClient.setQueryData(['contacts', 'window'], ['Ada']);
    setSession(queryClient, person('u2'));
    await vi.waitFor(() => expect(deleted).toEqual([OFFLINE_API_CACHE]));
    expect(queryClient.getQueryData(['contacts', 'window'])).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(person('u2'));
  });
});
