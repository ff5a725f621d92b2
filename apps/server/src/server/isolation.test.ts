import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { TestClient, TestResponse } from '../test-support/test-client';
import { multipart, png } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';

/**
 * Per-user isolation (issue: "user B tries user A's contacts and images"): for every procedure
 * and REST path that takes an id or a list of ids, B gets 404 and A's data is unchanged.
 */
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let active: string;
let trashed: string;
let attachedImage: string;
let looseImage: string;
let before: unknown;

async function upload(by: TestClient) {
  const body = await multipart({}, { field: 'image', bytes: await png() });
  const res = await by.send({ method: 'POST', url: '/api/v1/image', ...body });
  return (res.body.data as { image: { publicId: string } }).image.publicId;
}

async function snapshotOfAlice() {
  const [contacts, trash, favorites, one, two] = await Promise.all([
    alice.rest('GET', '/contacts'),
    alice.rest('GET', '/trash'),
    alice.rest('GET', '/favorites'),
    alice.rest('GET', `/contacts/${active}`),
    alice.rest('GET', `/contacts/${trashed}`),
  ]);
  return {
    contacts: contacts.body.data,
    trash: trash.body.data,
    favorites: favorites.body.data,
    one: one.body.data,
    two: two.body.data,
    files: [attachedImage, looseImage].map((id) => existsSync(join(t.uploadsDir, `${id}.webp`))),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ client: alice } = await signedInClient(t, undefined, 'Alice'));
  ({ client: bob } = await signedInClient(t, undefined, 'Bob'));
  attachedImage = await upload(alice);
  looseImage = await upload(alice);
  const a = await alice.rest('POST', '/contacts', {
    firstName: 'Secret',
    lastName: 'Friend',
    phone: '555 0100',
    email: 'secret@example.com',
    avatar: { publicId: attachedImage },
  });
  active = (a.body.data as { _id: string })._id;
  await alice.rest('PATCH', `/favorites/${active}`, { isFavorite: true });
  const b = await alice.rest('POST', '/contacts', {
    firstName: 'Old',
    lastName: 'Friend',
    phone: '1',
  });
  trashed = (b.body.data as { _id: string })._id;
  await alice.rest('PATCH', `/trash/${trashed}`);
  before = await snapshotOfAlice();
});

afterAll(async () => {
  await t.close();
});

type Attempt = [string, () => Promise<TestResponse>];

/** A version of A's active contact: the one before its favourite star was set. */
async function versionOfAlice(): Promise<string> {
  const res = await alice.rest('GET', `/contacts/${active}/history`);
  const { entries } = res.body.data as { entries: { previousVersionId: string | null }[] };
  return entries[0]!.previousVersionId!;
}

const restAttempts = (): Attempt[] => [
  ['GET /contacts/{id}', () => bob.rest('GET', `/contacts/${active}`)],
  ['PATCH /contacts/{id}', () => bob.rest('PATCH', `/contacts/${active}`, { name: 'Hijacked' })],
  [
    'PUT /contacts/{id}',
    async () => {
      const body = await multipart({ name: 'Hijacked', phone: '1' });
      return bob.send({ method: 'PUT', url: `/api/v1/contacts/${active}`, ...body });
    },
  ],
  ['PATCH /favorites/{id}', () => bob.rest('PATCH', `/favorites/${active}`, { isFavorite: false })],
  ['PATCH /trash/{id}', () => bob.rest('PATCH', `/trash/${active}`)],
  ['PATCH /trash', () => bob.rest('PATCH', '/trash', { contactIds: [active] })],
  ['PATCH /contacts/recover/{id}', () => bob.rest('PATCH', `/contacts/recover/${trashed}`)],
  [
    'PATCH /contacts/recover',
    () => bob.rest('PATCH', '/contacts/recover', { contactIds: [trashed] }),
  ],
  ['DELETE /contacts/delete/{id}', () => bob.rest('DELETE', `/contacts/delete/${trashed}`)],
  [
    'DELETE /contacts/delete',
    () => bob.rest('DELETE', '/contacts/delete', { contactIds: [trashed] }),
  ],
  ['DELETE /image/{id}', () => bob.rest('DELETE', `/image/${looseImage}`)],
  ['GET /contacts/{id}/history', () => bob.rest('GET', `/contacts/${active}/history`)],
  [
    'POST /contacts/{id}/history/{versionId}/restore',
    async () => bob.rest('POST', `/contacts/${active}/history/${await versionOfAlice()}/restore`),
  ],
  [
    'POST /image with publicId',
    async () => {
      const body = await multipart(
        { publicId: looseImage },
        { field: 'image', bytes: await png() },
      );
      return bob.send({ method: 'POST', url: '/api/v1/image', ...body });
    },
  ],
  [
    'POST /contacts with an avatar',
    () =>
      bob.rest('POST', '/contacts', {
        firstName: 'B',
        lastName: 'B',
        phone: '1',
        avatar: { publicId: looseImage },
      }),
  ],
  [
    'PATCH /contacts/{own id} with an avatar',
    async () => {
      const own = await bob.rest('POST', '/contacts', {
        firstName: 'Own',
        lastName: 'B',
        phone: '1',
      });
      return bob.rest('PATCH', `/contacts/${(own.body.data as { _id: string })._id}`, {
        avatar: { publicId: attachedImage },
      });
    },
  ],
];

const trpcAttempts = (): Attempt[] => [
  ['contacts.byId', () => bob.query('contacts.byId', { id: active })],
  ['contacts.update', () => bob.mutation('contacts.update', { id: active, givenName: 'Hijacked' })],
  ['favorites.set', () => bob.mutation('favorites.set', { id: active, isFavorite: false })],
  ['trash.add', () => bob.mutation('trash.add', { id: active })],
  ['trash.addMany', () => bob.mutation('trash.addMany', { contactIds: [active] })],
  ['trash.recover', () => bob.mutation('trash.recover', { id: trashed })],
  ['trash.recoverMany', () => bob.mutation('trash.recoverMany', { contactIds: [trashed] })],
  ['trash.delete', () => bob.mutation('trash.delete', { id: trashed })],
  ['trash.deleteMany', () => bob.mutation('trash.deleteMany', { contactIds: [trashed] })],
  ['images.delete', () => bob.mutation('images.delete', { publicId: looseImage })],
  ['history.contact', () => bob.query('history.contact', { contactId: active })],
  [
    'history.restoreVersion',
    async () =>
      bob.mutation('history.restoreVersion', {
        contactId: active,
        versionId: await versionOfAlice(),
      }),
  ],
  [
    'contacts.create with an avatar',
    () =>
      bob.mutation('contacts.create', {
        givenName: 'B',
        familyName: 'B',
        phones: [{ value: '1', type: '' }],
        photo: attachedImage,
      }),
  ],
];

describe('user B cannot reach user A’s contacts or images', () => {
  it.each(restAttempts())('REST %s answers 404', async (_name, attempt) => {
    const res = await attempt();
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(await snapshotOfAlice()).toEqual(before);
  });

  it.each(trpcAttempts())('tRPC %s answers NOT_FOUND', async (_name, attempt) => {
    const res = await attempt();
    expect(res.status).toBe(404);
    expect(await snapshotOfAlice()).toEqual(before);
  });

  it('never lists or finds A’s contacts for B', async () => {
    for (const path of [
      '/contacts',
      '/favorites',
      '/trash',
      '/search?query=secret',
      '/search?query=5550100',
    ]) {
      const res = await bob.rest('GET', path);
      expect(JSON.stringify(res.body.data)).not.toContain('Secret');
      expect(JSON.stringify(res.body.data)).not.toContain(active);
    }
  });

  it('empties only B’s own trash', async () => {
    await bob.rest('DELETE', '/contacts/empty');
    expect(await snapshotOfAlice()).toEqual(before);
  });
});
