/**
 * Seeds the benchmark's book: one account with 100,000 realistic contacts and 20 other
 * accounts with 1,000 each (faker with a fixed seed, so every run measures the same data).
 */
import { faker } from '@faker-js/faker';
import { hashPassword } from '@kith/api';
import { schema, type Database } from '@kith/db';

export const BENCH_PASSWORD = 'kith-bench-harbour-42';
const BATCH = 1_000;

export interface SeededBook {
  email: string;
  userId: string;
  /** A contact of the main account, for byId. */
  sampleContactId: string;
  /** Four digits that occur in the main account's phone numbers. */
  phoneDigits: string;
}

function fakeContact(userId: string) {
  const givenName = faker.person.firstName();
  const familyName = faker.person.lastName();
  const hasWork = faker.datatype.boolean(0.4);
  const hasAddress = faker.datatype.boolean(0.3);
  const hasBirthday = faker.datatype.boolean(0.2);
  const birthday = faker.date.birthdate();
  return {
    userId,
    givenName,
    familyName,
    emails: faker.datatype.boolean(0.6)
      ? [
          {
            value: faker.internet
              .email({ firstName: givenName, lastName: familyName })
              .toLowerCase(),
            type: 'home',
          },
        ]
      : [],
    phones: [{ value: faker.phone.number({ style: 'international' }), type: 'cell' }],
    org: hasWork ? faker.company.name() : null,
    title: hasWork ? faker.person.jobTitle() : null,
    addresses: hasAddress
      ? [
          {
            type: 'home',
            poBox: '',
            extended: '',
            // Drawn in the order the older shape drew them, so the seeded book is the same.
            country: faker.location.country(),
            locality: faker.location.city(),
            postalCode: faker.location.zipCode(),
            street: faker.location.streetAddress(),
            region: '',
          },
        ]
      : [],
    birthdayDay: hasBirthday ? birthday.getUTCDate() : null,
    birthdayMonth: hasBirthday ? birthday.getUTCMonth() + 1 : null,
    birthdayYear: hasBirthday ? birthday.getUTCFullYear() : null,
    isFavorite: faker.datatype.boolean(0.05),
    trashedAt: faker.datatype.boolean(0.02) ? faker.date.recent({ days: 20 }) : null,
  };
}

async function insertContacts(db: Database, userId: string, count: number) {
  for (let done = 0; done < count; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - done) }, () => fakeContact(userId));
    await db.insert(schema.contacts).values(rows);
  }
}

/** Seeds the accounts; `log` reports progress. */
export async function seedBook(
  db: Database,
  options: { mainContacts: number; otherAccounts: number; otherContacts: number },
  log: (line: string) => void,
): Promise<SeededBook> {
  faker.seed(20261122);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const accounts = Array.from({ length: options.otherAccounts + 1 }, (_, i) => ({
    name: i === 0 ? 'Bench Person' : faker.person.fullName(),
    email: i === 0 ? 'bench@example.com' : `other-${i}@example.com`,
    passwordHash,
    emailVerifiedAt: new Date(),
  }));
  const users = await db.insert(schema.users).values(accounts).returning();
  const [main, ...others] = users;
  const started = Date.now();
  await insertContacts(db, main!.id, options.mainContacts);
  for (const other of others) await insertContacts(db, other.id, options.otherContacts);
  log(
    `seeded ${options.mainContacts} + ${others.length} x ${options.otherContacts} contacts in ${Date.now() - started} ms`,
  );

  const [sample] = await db.select().from(schema.contacts).limit(1);
  const digits = (sample?.phone ?? '').replace(/\D/g, '');
  return {
    email: main!.email,
    userId: main!.id,
    sampleContactId: sample!.id,
    phoneDigits: digits.slice(-4) || '1234',
  };
}

/** One more verified account with `count` faker contacts, signed in with BENCH_PASSWORD. */
export async function seedAccount(db: Database, email: string, count: number): Promise<string> {
  const [user] = await db
    .insert(schema.users)
    .values({
      name: 'Bench Extra',
      email,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      emailVerifiedAt: new Date(),
    })
    .returning();
  await insertContacts(db, user!.id, count);
  return user!.id;
}
