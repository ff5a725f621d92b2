import plist from 'plist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestClient, trpcData } from '../test-support/test-client';
import { signedInClient, TEST_PASSWORD } from '../test-support/test-users';
import { makeAppPassword, makeUser, callerFor } from '../test-support/test-caller';
import { dav, davAccount } from '../test-support/dav-helpers';

// App passwords through the procedures and the one-tap Apple profile over HTTP.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://kith.example.org' } });
});
afterAll(() => t.close());

describe('app passwords', () => {
  it('are shown once, listed without the secret, and revoked one by one', async () => {
    const user = await makeUser(t);
    const caller = await callerFor(t, user.id);
    const phone = await caller.appPasswords.create({ name: '  Ana’s iPhone ' });
    expect(phone.name).toBe('Ana’s iPhone');
    expect(phone.password).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    const laptop = await caller.appPasswords.create({ name: 'Laptop' });
    const list = await caller.appPasswords.list();
    expect(list.map((p) => p.name)).toEqual(['Ana’s iPhone', 'Laptop']);
    expect(JSON.stringify(list)).not.toContain(phone.password);
    await caller.appPasswords.revoke({ id: phone.id });
    expect((await caller.appPasswords.list()).map((p) => p.id)).toEqual([laptop.id]);
    await expect(caller.appPasswords.revoke({ id: phone.id })).rejects.toThrow(
      'already been revoked',
    );
    // Another account cannot see or revoke them.
    const other = await callerFor(t, (await makeUser(t)).id);
    expect(await other.appPasswords.list()).toEqual([]);
    await expect(other.appPasswords.revoke({ id: laptop.id })).rejects.toThrow(
      'already been revoked',
    );
    await expect(caller.appPasswords.create({ name: ' ' })).rejects.toThrow('Name the device');
  });

  it('tells a device what to type in, from PUBLIC_URL', async () => {
    const user = await makeUser(t);
    const caller = await callerFor(t, user.id);
    expect(await caller.appPasswords.connection()).toEqual({
      serverUrl: 'https://kith.example.org',
      davUrl: 'https://kith.example.org/dav/',
      bookUrl: `https://kith.example.org/dav/addressbooks/${user.id}/contacts/`,
      username: user.email,
    });
  });
});

describe('a password change', () => {
  it('revokes every app password, so the old one gets 401 on CardDAV', async () => {
    const account = await davAccount(t);
    await makeAppPassword(account.caller, 'Laptop');
    const book = `/dav/addressbooks/${account.userId}/contacts/`;
    const depth = { headers: { depth: '0' } };
    expect((await dav(account, 'PROPFIND', book, depth)).status).toBe(207);

    const changed = await account.caller.account.changePassword({
      currentPassword: TEST_PASSWORD,
      newPassword: 'lighthouse-keeper-7',
    });
    expect(changed).toEqual({ otherSessionsEnded: 0, appPasswordsRevoked: 2, apiTokensRevoked: 0 });
    expect((await dav(account, 'PROPFIND', book, depth)).status).toBe(401);
    expect(await account.caller.appPasswords.list()).toEqual([]);
  });
});

describe('the Apple configuration profile', () => {
  it('holds a CardDAV account for this server, person and password', async () => {
    const { client, email } = await signedInClient(t);
    const created = trpcData<{ password: string }>(
      await client.mutation('appPasswords.create', { name: 'Mac' }),
    );
    const res = await client.send({
      method: 'POST',
      url: '/api/app-passwords/apple-profile',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://kith.example.org',
      },
      payload: new URLSearchParams({ password: created.password, deviceName: 'Mac' }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-apple-aspen-config');
    expect(res.headers['content-disposition']).toContain('.mobileconfig');
    const profile = plist.parse(String((res.body as { raw: string }).raw)) as Record<
      string,
      unknown
    >;
    const [payload] = profile.PayloadContent as Record<string, unknown>[];
    expect(profile.PayloadType).toBe('Configuration');
    expect(payload).toMatchObject({
      PayloadType: 'com.apple.carddav.account',
      CardDAVHostName: 'kith.example.org',
      CardDAVPort: 443,
      CardDAVUseSSL: true,
      CardDAVUsername: email,
      CardDAVPassword: created.password,
    });
    expect(String(payload!.CardDAVPrincipalURL)).toMatch(/^\/dav\/principals\/[0-9a-f-]{36}\/$/);
  });

  it('needs a session and an app password of the right shape', async () => {
    const { client } = await signedInClient(t);
    const post = (password: string, signedIn = true) =>
      (signedIn ? client : new TestClient(t.app)).send({
        method: 'POST',
        url: '/api/app-passwords/apple-profile',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://kith.example.org',
        },
        payload: `password=${encodeURIComponent(password)}`,
      });
    expect((await post('not-a-password')).status).toBe(400);
    expect((await post('abcd-efgh-jkmn-pqrs', false)).status).toBe(403);
  });

  it('is made only for a live app password of the signed-in account, never one of the right shape alone', async () => {
    const { client } = await signedInClient(t);
    const post = (password: string) =>
      client.send({
        method: 'POST',
        url: '/api/app-passwords/apple-profile',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://kith.example.org',
        },
        payload: new URLSearchParams({ password, deviceName: 'iPhone' }).toString(),
      });
    // Made up, of the right shape: a profile of it could never sign in.
    const madeUp = await post('abcd-efgh-jkmn-pqrs');
    expect(madeUp.status).toBe(400);
    expect(JSON.stringify(madeUp.body)).toContain('revoked or is not one of yours');
    // Another account's live app password.
    const other = await davAccount(t);
    expect((await post(other.password)).status).toBe(400);
    // One of this account's, once revoked.
    const created = trpcData<{ id: string; password: string }>(
      await client.mutation('appPasswords.create', { name: 'iPhone' }),
    );
    expect((await post(created.password)).status).toBe(200);
    await client.mutation('appPasswords.revoke', { id: created.id });
    expect((await post(created.password)).status).toBe(400);
  });

  it('keeps its identifiers for one account and password, so installing it twice replaces the first', async () => {
    const { client } = await signedInClient(t);
    const download = async (password: string) => {
      const res = await client.send({
        method: 'POST',
        url: '/api/app-passwords/apple-profile',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://kith.example.org',
        },
        payload: new URLSearchParams({ password, deviceName: 'iPhone' }).toString(),
      });
      expect(res.status).toBe(200);
      const profile = plist.parse(String((res.body as { raw: string }).raw)) as Record<
        string,
        unknown
      >;
      const [payload] = profile.PayloadContent as Record<string, unknown>[];
      return [
        profile.PayloadIdentifier,
        profile.PayloadUUID,
        payload!.PayloadIdentifier,
        payload!.PayloadUUID,
      ].map(String);
    };
    const create = async (name: string) =>
      trpcData<{ password: string }>(await client.mutation('appPasswords.create', { name }))
        .password;
    const phone = await create('iPhone');
    const first = await download(phone);
    expect(await download(phone)).toEqual(first);
    for (const uuid of [first[1], first[3]]) {
      expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    }
    // Another app password is another account on the device.
    const second = await download(await create('iPad'));
    for (const [i, id] of second.entries()) expect(id).not.toBe(first[i]);
  });
});
