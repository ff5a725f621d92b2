// Deliberate type errors: the packed SDK's types must refuse both.
import { createContactsClient } from '@kith/client';

const kith = createContactsClient({ baseUrl: 'http://localhost:3000' });
await kith.contacts.create.mutate({
  givenName: 'Ada',
  familyName: 'Lovelace',
  phones: [{ value: 442079460000, type: '' }],
});
const contact = await kith.contacts.byId.query({ id: '00000000-0000-4000-8000-000000000000' });
const age: number = contact.givenName;
console.log(age);
