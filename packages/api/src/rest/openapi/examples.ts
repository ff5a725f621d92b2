/**
 * Example values for the OpenAPI document's operations (`RestRouteDoc.example`): one contact,
 * one person, and the ids they use, shared so every example tells one story (Ada Lovelace's
 * address book). The REST coverage test checks each example against its own schema.
 */

/** Ids the examples use (UUID v4). */
export const EXAMPLE_IDS = {
  user: '5b0e8a52-3c1d-4f6e-9a7b-1c2d3e4f5a6b',
  contact: '0f8e2d4c-6b5a-4c3d-8e2f-1a0b9c8d7e6f',
  otherContact: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  label: '2c4e6a8b-0d1f-4e3a-8b5c-7d9e1f3a5b7c',
  image: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  version: '3e5f7a9b-1c2d-4e4f-9a6b-8c0d2e4f6a8b',
  appPassword: '6f5e4d3c-2b1a-4f0e-8d9c-8b7a6f5e4d3c',
  apiToken: '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d',
  session: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
  undoToken: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
} as const;

/** A moment, as the API writes dates (ISO 8601, UTC). */
export const EXAMPLE_TIME = '2026-11-26T09:30:00.000Z';

/** The signed-in person, as auth answers them. */
export const sessionUserExample = {
  id: EXAMPLE_IDS.user,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
  locale: null,
  colorScheme: 'auto',
  contactSort: 'first_name',
};

/** A contact in the REST shape (`contactSchema`). */
export const contactExample = {
  _id: EXAMPLE_IDS.contact,
  userId: EXAMPLE_IDS.user,
  name: 'Charles Babbage',
  firstName: 'Charles',
  lastName: 'Babbage',
  avatar: { url: '', publicId: '' },
  email: 'charles@example.com',
  phone: '+44 20 7946 0001',
  worksAt: { companyName: 'Analytical Engines', jobTitle: 'Inventor' },
  location: {
    country: 'United Kingdom',
    city: 'London',
    postCode: 'W1',
    streetAddress: '1 Dorset St',
  },
  birthday: { day: 26, month: 'december', year: 1791 },
  isFavorite: false,
  isTrashed: false,
  additionalNames: '',
  honorificPrefixes: '',
  honorificSuffixes: '',
  nickname: '',
  orgUnits: [],
  emails: [{ value: 'charles@example.com', type: 'work' }],
  phones: [{ value: '+44 20 7946 0001', type: 'cell' }],
  addresses: [
    {
      type: 'home',
      poBox: '',
      extended: '',
      street: '1 Dorset St',
      locality: 'London',
      region: '',
      postalCode: 'W1',
      country: 'United Kingdom',
    },
  ],
  urls: [],
  impps: [],
  related: [],
  dates: [],
  note: '',
  extra: [],
  trashedAt: null,
  createdAt: EXAMPLE_TIME,
  updatedAt: EXAMPLE_TIME,
};

/** The legacy create form's body (`POST /contacts`). */
export const contactCreateExample = {
  firstName: 'Charles',
  lastName: 'Babbage',
  phone: '+44 20 7946 0001',
  email: 'charles@example.com',
};

/** `{contactIds}`, the bulk calls' body. */
export const contactIdsExample = { contactIds: [EXAMPLE_IDS.contact, EXAMPLE_IDS.otherContact] };

/** What a bulk call changed. */
export const changedIdsExample = { ids: [EXAMPLE_IDS.contact] };

/** The account being recovered (`AccountPreview`). */
export const accountPreviewExample = {
  userId: EXAMPLE_IDS.user,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  isVerified: true,
  avatar: { url: '' },
};
