// A small program another TypeScript app might write with the packed SDK: sign up, verify,
// create, search, list and trash, then a refused input. It prints what it saw as JSON.
import { ContactsApiError, createContactsClient, type RouterOutputs } from '@kith/client';
import { waitForCode } from './outbox.js';

type Contact = RouterOutputs['contacts']['byId'];

/** "Ada Lovelace": the given and the family name. */
const fullName = (contact: { givenName: string; familyName: string }) =>
  [contact.givenName, contact.familyName].filter(Boolean).join(' ');

const baseUrl = process.env.KITH_URL ?? 'http://localhost:3000';
const email = `sdk-${Date.now()}@example.com`;
const kith = createContactsClient({ baseUrl });

await kith.auth.signup.mutate({ name: 'Grace Hopper', email, password: 'kith-harbour-42' });
const { user } = await kith.auth.verify.mutate({ email, otp: await waitForCode(email) });

const ada: Contact = await kith.contacts.create.mutate({
  givenName: 'Ada',
  familyName: 'Lovelace',
  phones: [{ value: '+44 20 7946 0000', type: '' }],
  emails: [{ value: 'ada@example.com', type: '' }],
});
await kith.contacts.create.mutate({
  givenName: 'Alan',
  familyName: 'Turing',
  phones: [{ value: '0161 496 0000', type: '' }],
});

const found = await kith.search.contacts.query({ query: 'love' });
const listed = await kith.contacts.list.query();
await kith.trash.add.mutate({ id: ada.id });
const trashed = await kith.trash.list.query();
const remaining = await kith.contacts.list.query();

let refused: ContactsApiError | null = null;
try {
  await kith.contacts.create.mutate({ givenName: '', familyName: 'Nobody', phones: [] });
} catch (error) {
  if (error instanceof ContactsApiError) refused = error;
}

console.log(
  JSON.stringify({
    user: user.name,
    created: fullName(ada),
    createdAtIsDate: ada.createdAt instanceof Date,
    found: found.map((c) => c.name),
    listed: listed.items.map(fullName),
    trashed: trashed.items.map(fullName),
    remaining: remaining.items.map(fullName),
    refused: refused && { status: refused.status, fields: Object.keys(refused.fieldErrors) },
  }),
);
