/**
 * A realistic mix of what signed-in people do (list, search, create, edit, favourite, trash,
 * recover), with a model of every write the server acknowledged, so a test can check the
 * database afterwards: nothing acknowledged lost, nothing half-written.
 */
import { isContactsApiError, type ContactsClient } from '@kith/client';
import type postgres from 'postgres';

/** The fields the workload writes and checks. */
export interface ContactState {
  givenName: string;
  familyName: string;
  /** The preferred (first) phone. */
  phone: string;
  isFavorite: boolean;
  isTrashed: boolean;
}

export interface WorkloadStats {
  requests: number;
  /** Answers with a status of 500 or more. */
  serverErrors: number;
  /** Answers with a 4xx: the workload only sends valid calls, so any is a defect. */
  clientErrors: number;
  /** Calls that got no answer (the server was down). */
  noAnswer: number;
  acknowledgedWrites: number;
  /** Latest examples of unexpected answers, for the failure message. */
  samples: string[];
}

export function newStats(): WorkloadStats {
  return {
    requests: 0,
    serverErrors: 0,
    clientErrors: 0,
    noAnswer: 0,
    acknowledgedWrites: 0,
    samples: [],
  };
}

/** One person's client and what the server told them it stored. */
export class Tester {
  /** Contacts whose last write was acknowledged, with the acknowledged values. */
  readonly known = new Map<string, ContactState>();
  /** Contacts whose last write got no answer: either state may be stored. */
  readonly uncertain = new Map<string, ContactState[]>();
  /** Creates that got no answer: each may or may not exist. */
  readonly uncertainCreates: ContactState[] = [];
  private counter = 0;

  constructor(
    readonly userId: string,
    readonly client: ContactsClient,
    private readonly name: string,
  ) {}

  /** Runs the mix until `until` returns true. */
  async run(stats: WorkloadStats, until: () => boolean): Promise<void> {
    while (!until()) await this.step(stats);
  }

  private async step(stats: WorkloadStats): Promise<void> {
    const roll = Math.random();
    const ids = [...this.known.keys()];
    const active = ids.filter((id) => !this.known.get(id)!.isTrashed);
    const trashed = ids.filter((id) => this.known.get(id)!.isTrashed);
    const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;

    if (roll < 0.2 || ids.length === 0) return this.create(stats);
    if (roll < 0.4) return this.read(stats, () => this.client.contacts.list.query({ limit: 100 }));
    if (roll < 0.55) {
      const query = this.name.slice(0, 3 + Math.floor(Math.random() * 3));
      return this.read(stats, () => this.client.search.contacts.query({ query }));
    }
    if (roll < 0.7 && active.length > 0) {
      const id = pick(active);
      const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      return this.write(stats, id, { phone }, () =>
        this.client.contacts.update.mutate({ id, phones: [{ value: phone, type: '' }] }),
      );
    }
    if (roll < 0.82 && active.length > 0) {
      const id = pick(active);
      const isFavorite = !this.known.get(id)!.isFavorite;
      return this.write(stats, id, { isFavorite }, () =>
        this.client.favorites.set.mutate({ id, isFavorite }),
      );
    }
    if (roll < 0.91 && active.length > 0) {
      const id = pick(active);
      return this.write(stats, id, { isTrashed: true }, () => this.client.trash.add.mutate({ id }));
    }
    if (trashed.length > 0) {
      const id = pick(trashed);
      return this.write(stats, id, { isTrashed: false }, () =>
        this.client.trash.recover.mutate({ id }),
      );
    }
    return this.create(stats);
  }

  private async create(stats: WorkloadStats): Promise<void> {
    this.counter += 1;
    const state: ContactState = {
      givenName: `${this.name} ${this.counter}`,
      familyName: `Family ${this.counter % 7}`,
      phone: `+44 20 7946 ${String(this.counter).padStart(4, '0')}`,
      isFavorite: false,
      isTrashed: false,
    };
    const { givenName, familyName, phone } = state;
    const outcome = await this.call(stats, () =>
      this.client.contacts.create.mutate({
        givenName,
        familyName,
        phones: [{ value: phone, type: '' }],
      }),
    );
    if (outcome.ok) {
      this.known.set(outcome.value.id, state);
      stats.acknowledgedWrites += 1;
    } else if (outcome.noAnswer) {
      this.uncertainCreates.push(state);
    }
  }

  private async write(
    stats: WorkloadStats,
    id: string,
    change: Partial<ContactState>,
    send: () => Promise<unknown>,
  ): Promise<void> {
    const before = this.known.get(id)!;
    const after = { ...before, ...change };
    const outcome = await this.call(stats, send);
    if (outcome.ok) {
      this.known.set(id, after);
      stats.acknowledgedWrites += 1;
    } else if (outcome.noAnswer) {
      this.known.delete(id);
      this.uncertain.set(id, [before, after]);
    }
  }

  private async read(stats: WorkloadStats, send: () => Promise<unknown>): Promise<void> {
    await this.call(stats, send);
  }

  private async call<T>(
    stats: WorkloadStats,
    send: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; noAnswer: boolean }> {
    stats.requests += 1;
    try {
      return { ok: true, value: await send() };
    } catch (error) {
      const status = isContactsApiError(error) ? error.status : 0;
      if (status === 0) {
        stats.noAnswer += 1;
        // The server is away: wait a little before the next try, as a person's app would.
        await new Promise((r) => setTimeout(r, 100));
      } else if (status >= 500) stats.serverErrors += 1;
      else stats.clientErrors += 1;
      if (status !== 0 && stats.samples.length < 5) {
        stats.samples.push(`${status} ${(error as Error).message}`);
      }
      return { ok: false, noAnswer: status === 0 };
    }
  }
}

interface StoredRow {
  id: string;
  user_id: string;
  given_name: string;
  family_name: string;
  phone: string | null;
  is_favorite: boolean;
  trashed_at: Date | null;
}

const toState = (row: StoredRow): ContactState => ({
  givenName: row.given_name,
  familyName: row.family_name,
  phone: row.phone ?? '',
  isFavorite: row.is_favorite,
  isTrashed: row.trashed_at !== null,
});

const same = (a: ContactState, b: ContactState) =>
  a.givenName === b.givenName &&
  a.familyName === b.familyName &&
  a.phone === b.phone &&
  a.isFavorite === b.isFavorite &&
  a.isTrashed === b.isTrashed;

/**
 * Compares the database with what the testers were told. Returns every discrepancy: an
 * acknowledged contact missing or with other values, a contact in a state nobody asked for,
 * or a row that no create produced.
 */
export async function findDiscrepancies(sql: postgres.Sql, testers: Tester[]): Promise<string[]> {
  const rows = await sql<StoredRow[]>`
    select id, user_id, given_name, family_name, phone, is_favorite, trashed_at
    from contacts where user_id in ${sql(testers.map((t) => t.userId))}`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: string[] = [];
  for (const tester of testers) {
    const claimed = new Set<string>();
    for (const [id, expected] of tester.known) {
      claimed.add(id);
      const row = byId.get(id);
      if (!row) problems.push(`acknowledged contact ${id} is missing`);
      else if (!same(toState(row), expected)) {
        problems.push(
          `contact ${id} is ${JSON.stringify(toState(row))}, acknowledged ${JSON.stringify(expected)}`,
        );
      }
    }
    for (const [id, allowed] of tester.uncertain) {
      claimed.add(id);
      const row = byId.get(id);
      if (!row) problems.push(`contact ${id} vanished after an unanswered write`);
      else if (!allowed.some((state) => same(toState(row), state))) {
        problems.push(`contact ${id} is half-written: ${JSON.stringify(toState(row))}`);
      }
    }
    for (const row of rows.filter((r) => r.user_id === tester.userId && !claimed.has(r.id))) {
      const state = toState(row);
      const fromUnansweredCreate = tester.uncertainCreates.some(
        (created) => created.givenName === state.givenName && created.phone === state.phone,
      );
      // An unanswered create may have landed, and then been changed by nobody: it must be
      // exactly what was sent.
      if (!fromUnansweredCreate || !tester.uncertainCreates.some((c) => same(c, state))) {
        problems.push(
          `contact ${row.id} was never acknowledged nor sent: ${JSON.stringify(state)}`,
        );
      }
    }
  }
  return problems;
}
