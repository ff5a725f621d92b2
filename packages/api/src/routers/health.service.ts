import type { Database, DatabaseKind } from '@kith/db';
import { sql } from 'drizzle-orm';
import { ServiceError } from '../errors';

export interface Health {
  status: 'ok';
  db: DatabaseKind;
}

/**
 * Answers `{status: 'ok', db}` once the database runs a query (DESIGN.md "health").
 *
 * @throws ServiceError SERVICE_UNAVAILABLE (503) when the database does not answer.
 */
export async function checkHealth(db: Database, dbKind: DatabaseKind): Promise<Health> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw new ServiceError('The database is not reachable right now.', 'SERVICE_UNAVAILABLE');
  }
  return { status: 'ok', db: dbKind };
}
