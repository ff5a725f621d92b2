// A small program another TypeScript app might write with the packed SDK: sign up, verify,
// create, search, list and trash, then a refused input. It prints what it saw as JSON.
import { ContactsApiError, createContactsClient, type RouterOutputs } from '@kith/client';
import { waitForCode } from './outbox.js';

type Contact = RouterOutputs['contacts']['byId'];

const baseUrl = process.env.KITH_URL ?? 'http://localhost:3000';
const email = `sdk-${Date.now()}@example.com`;
const kith = createContactsClient({ baseUrl });

await kith.auth.signup.mutate({ name: 'Grace Hopper', email, password: 'kith-harbour-42' });
const { user } = await kith.auth.verify.mutate({ email, otp: await waitForCode(email) });

const ada: Contact = await kith.contacts.create.mutate({
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
});
await kith.contacts.create.mutate({
  firstName: 'Alan',
  lastName: 'Turing',
  phone: '0161 496 0000',
});

const found = await kith.search.contacts.query({ query: 'love' });
const listed = await kith.contacts.list.query();
await kith.trash.add.mutate({ id: ada._id });
const trashed = await kith.trash.list.query();
const remaining = await kith.contacts.list.query();

let refused: ContactsApiError | null = null;
try {
  await kith.contacts.create.mutate({ firstName: '', lastName: 'Nobody', phone: '' });
} catch (error) {
  if (error instanceof ContactsApiError) refused = error;
}

console.log(
  JSON.stringify({
    user: user.name,
    created: ada.name,
    createdAtIsDate: ada.createdAt instanceof Date,
    found: found.map((c) => c.name),
    listed: listed.items.map((c) => c.name),
    trashed: trashed.items.map((c) => c.name),
    remaining: remaining.items.map((c) => c.name),
    refused: refused && { status: refused.status, fields: Object.keys(refused.fieldErrors) },
  }),
);
