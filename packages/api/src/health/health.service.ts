import type { Database, DatabaseKind } from '@kith/db';
import { sql } from 'drizzle-orm';
import { DATABASE_UNAVAILABLE_MESSAGE, UnavailableError } from '../shared/errors';

export interface Health {
  status: 'ok';
  db: DatabaseKind;
}

/**
 * Answers `{status: 'ok', db}` once the database runs a query (`/api/health`, which the
 * container's health check and load balancers ask).
 *
 * @throws UnavailableError (503) when the database does not answer.
 */
export async function checkHealth(db: Database, dbKind: DatabaseKind): Promise<Health> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw new UnavailableError(DATABASE_UNAVAILABLE_MESSAGE);
  }
  return { status: 'ok', db: dbKind };
}
