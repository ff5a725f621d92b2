/**
 * Merge & fix's duplicate scan (an all-pairs trigram join once ran 457 s on 10,000 similar
 * names) timed over HTTP at two book sizes, so the growth shows: the median of three
 * `contacts.duplicates` calls on books of 10,000 and 20,000 faker contacts.
 */
import type { DatabaseHandle } from '@kith/db';
import { signIn } from './bench-app';
import { seedAccount } from './seed';

export interface DuplicatesRow {
  database: string;
  contacts: number;
  /** Median of three scans, ms. */
  ms: number;
  groups: number;
}

const SIZES = [10_000, 20_000];
const RUNS = 3;

export async function benchDuplicates(
  kind: string,
  handle: DatabaseHandle,
  origin: string,
): Promise<DuplicatesRow[]> {
  const rows: DuplicatesRow[] = [];
  for (const size of SIZES) {
    const email = `duplicates-${size}@example.com`;
    await seedAccount(handle.db, email, size);
    const cookie = await signIn(origin, email);
    const times: number[] = [];
    let groups = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/trpc/contacts.duplicates`, { headers: { cookie } });
      const body = (await res.json()) as { result: { data: { json: { total: number } } } };
      times.push(performance.now() - started);
      groups = body.result.data.json.total;
    }
    const ms = Math.round(times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
    rows.push({ database: kind, contacts: size, ms, groups });
  }
  return rows;
}
