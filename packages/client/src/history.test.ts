import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { ContactsApiError, createContactsClient } from './node';

// The history through the SDK, as the README's "History and Undo changes" uses it: Dates in
// and out (superjson), the counts, a contact's versions and their sources, typed errors.
let server: TestServer;
let baseUrl: string;
let outbox: TestServer['outbox'];

beforeAll(async () => {
  server = await startTestServer('client-history-secret-of-at-least-32-chars');
  baseUrl = server.baseUrl;
  outbox = server.outbox;
});

afterAll(async () => {
  await server.close();
});

async function signedInClient() {
  const email = `sdk-history-${Date.now()}-${outbox.length}@example.com`;
  const kith = createContactsClient({ baseUrl });
  await kith.auth.signup.mutate({ name: 'Grace Hopper', email, password: 'kith-harbour-42' });
  const code = /\b(\d{6})\b/.exec(outbox.findLast((m) => m.to === email)?.subject ?? '')?.[1];
  await kith.auth.verify.mutate({ email, otp: code ?? '' });
  return kith;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('history through the SDK', () => {
  it('undoes the changes after a moment, lists a contact’s versions and restores one', async () => {
    const kith = await signedInClient();
    const ada = await kith.contacts.create.mutate({
      givenName: 'Ada',
      familyName: 'Lovelace',
      phones: [{ value: '+44 20 7946 0000', type: 'cell' }],
    });
    await pause();
    const moment = new Date();
    await pause();
    await kith.contacts.update.mutate({ id: ada.id, familyName: 'King' });
    await kith.contacts.create.mutate({
      givenName: 'Bob',
      familyName: 'Smith',
      phones: [{ value: '+1 555 0100', type: '' }],
    });

    expect(await kith.history.previewUndo.query({ at: moment })).toEqual({
      changed: 1,
      recreated: 0,
      removed: 1,
      labels: 0,
    });
    const undone = await kith.history.undoChanges.mutate({ at: moment });
    expect(undone.restoredAt).toBeInstanceOf(Date);
    const { items } = await kith.contacts.list.query();
    expect(items.map((c) => c.familyName)).toEqual(['Lovelace']);

    const { entries, truncated } = await kith.history.contact.query({ contactId: ada.id });
    expect(truncated).toBe(false);
    expect(entries.map((e) => e.source?.via)).toEqual(['restore', 'api', 'api']);
    expect(entries[0]!.recordedAt).toBeInstanceOf(Date);
    expect(entries[0]).toMatchObject({
      previous: { familyName: 'King' },
      card: { familyName: 'Lovelace' },
    });

    const versionId = entries[0]!.previousVersionId!;
    await kith.history.restoreVersion.mutate({ contactId: ada.id, versionId });
    expect(await kith.contacts.byId.query({ id: ada.id })).toMatchObject({ familyName: 'King' });
  });

  it('throws ContactsApiError 400 with the reason for a moment in the future', async () => {
    const kith = await signedInClient();
    const failure = await kith.history.undoChanges
      .mutate({ at: new Date(Date.now() + 60_000) })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContactsApiError);
    expect(failure).toMatchObject({ status: 400, message: expect.stringMatching(/in the past/) });
  });
});
