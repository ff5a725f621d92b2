import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChangeSource } from '@kith/db';

export type { ChangeSource } from '@kith/db';

/**
 * Through what the writes of the current call come (docs/history.md#sources): set where a
 * call enters (a procedure, a REST route, a CardDAV request, a job) and narrowed by the
 * services that write for another reason (an import, a merge, a restore). `lockBook` hands it
 * to the database with the account's book lock, and the history's triggers record it.
 */
const sources = new AsyncLocalStorage<ChangeSource>();

/** Runs `fn` with `source` as the source of every write it makes. */
export function withChangeSource<T>(source: ChangeSource, fn: () => T): T {
  return sources.run(source, fn);
}

/** The source of the current call's writes, or undefined outside any. */
export function currentChangeSource(): ChangeSource | undefined {
  return sources.getStore();
}
