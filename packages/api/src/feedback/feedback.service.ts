import type { Database } from '@kith/db';
import { schema } from '@kith/db';

export interface StoredFeedback {
  _id: string;
  message: string;
  createdAt: Date;
}

/**
 * Stores feedback (its message) with its author and time (docs/product/contact.md#other-entities).
 */
export async function sendFeedback(
  db: Database,
  userId: string,
  message: string,
): Promise<StoredFeedback> {
  const [row] = await db.insert(schema.feedback).values({ userId, message }).returning();
  return { _id: row!.id, message: row!.message, createdAt: row!.createdAt };
}
