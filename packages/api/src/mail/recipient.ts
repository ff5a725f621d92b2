import { schema, type Database } from '@kith/db';
import type { InterfaceLocale } from '@kith/validators';
import { eq } from 'drizzle-orm';

const { users, reminderSettings } = schema;

/** Who an account's mail goes to, in which language, and the zone its times are written in. */
export interface MailRecipient {
  email: string;
  name: string;
  /** The account's interface language; null writes English. */
  locale: InterfaceLocale | null;
  /** The zone of the account's reminders (an IANA name), else UTC. */
  timeZone: string;
}

/** The recipient of an account's mails, or null when the account is gone. */
export async function mailRecipientOf(db: Database, userId: string): Promise<MailRecipient | null> {
  const [person] = await db
    .select({
      email: users.email,
      name: users.name,
      locale: users.locale,
      timeZone: reminderSettings.timeZone,
    })
    .from(users)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(eq(users.id, userId));
  return person ? { ...person, timeZone: person.timeZone ?? 'UTC' } : null;
}
