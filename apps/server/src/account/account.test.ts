import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runRetention } from '@kith/api';
import { executeRows, schema } from '@kith/db';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { codeFrom, TestClient, trpcData, trpcFieldErrors } from '../test-support/test-client';
import { uploadPng } from '../test-support/test-images';
import { signedInClient, TEST_PASSWORD } from '../test-support/test-users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A second signed-in session of the same account, as another browser would have. */
async function secondSession(email: string, userAgent: string): Promise<TestClient> {
  const other = new TestClient(t.app);
  const res = await other.send({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return other;
}

interface Profile {
  name: string;
  email: string;
  avatar: { publicId: string; url: string } | null;
  locale: string | null;
  colorScheme: string;
}

describe('profile (/me)', () => {
  it('shows the name and email, and saves a new name and photo', async () => {
    const { client, email } = await signedInClient(t);
    const before = trpcData<Profile>(await client.query('account.profile'));
    expect(before).toMatchObject({ name: 'Ada Lovelace', email, avatar: null });

    const first = await uploadPng(client);
    const saved = await client.mutation('account.updateProfile', {
      name: '  Ada King  ',
      avatarImageId: first,
    });
    expect(saved.status).toBe(200);
    expect(trpcData<Profile>(saved)).toMatchObject({
      name: 'Ada King',
      avatar: { publicId: first },
    });
    const check = trpcData<{ user: { name: string; avatarUrl: string } }>(
      await client.query('auth.check'),
    );
    expect(check.user).toMatchObject({
      name: 'Ada King',
      avatarUrl: expect.stringMatching(new RegExp(`^/uploads/${first}\\.webp\\?exp=`)),
    });

    // Replacing the photo deletes the old one; removing it deletes that one too.
    const second = await uploadPng(client);
    await client.mutation('account.updateProfile', { name: 'Ada King', avatarImageId: second });
    expect(existsSync(join(t.uploadsDir, `${first}.webp`))).toBe(false);
    await client.mutation('account.updateProfile', { name: 'Ada King', avatarImageId: null });
    expect(existsSync(join(t.uploadsDir, `${second}.webp`))).toBe(false);
    expect(trpcData<Profile>(await client.query('account.profile')).avatar).toBeNull();
  });

  it("refuses an empty name and another person's image, changing nothing", async () => {
    const { client } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const theirs = await uploadPng(stranger);

    const empty = await client.mutation('account.updateProfile', {
      name: ' ',
      avatarImageId: null,
    });
    expect(empty.status).toBe(400);
    expect(trpcFieldErrors(empty).name).toEqual(['Name is required']);

    const borrowed = await client.mutation('account.updateProfile', {
      name: 'Thief',
      avatarImageId: theirs,
    });
    expect(borrowed.status).toBe(404);
    expect(trpcData<Profile>(await client.query('account.profile')).name).toBe('Ada Lovelace');
  });

  it('keeps the language and colour scheme for the account', async () => {
    const { client, email } = await signedInClient(t);
    await client.mutation('account.updatePreferences', { locale: 'es' });
    await client.mutation('account.updatePreferences', { colorScheme: 'dark' });
    const elsewhere = await secondSession(email, 'Other browser');
    const check = trpcData<{ user: Profile }>(await elsewhere.query('auth.check'));
    expect(check.user).toMatchObject({ locale: 'es', colorScheme: 'dark' });

    const unknown = await client.mutation('account.updatePreferences', { locale: 'xx' });
    expect(unknown.status).toBe(400);
  });
});

describe('the language kept with the account', () => {
  it('writes the code mails in the language the person signed up in', async () => {
    const client = new TestClient(t.app);
    const email = `es-${Date.now()}@example.com`;
    const res = await client.rest('POST', '/auth/signup', {
      name: 'Lola',
      email,
      password: TEST_PASSWORD,
      locale: 'es',
    });
    expect(res.status).toBe(201);
    expect(t.outbox.at(-1)).toMatchObject({ to: email });
    expect(t.outbox.at(-1)!.subject).toMatch(/^\d{6} es tu código de verificación de Kith$/);
    expect(t.outbox.at(-1)!.text).toContain('Hola, Lola:');

    await client.rest('POST', '/auth/verify', { email, otp: codeFrom(t.outbox.at(-1)) });
    const check = trpcData<{ user: Profile }>(await client.query('auth.check'));
    expect(check.user.locale).toBe('es');
  });
});

describe('change password', () => {
  it('needs the current password, then signs out every other session but this one', async () => {
    const { client, email } = await signedInClient(t);
    const other = await secondSession(email, 'Phone');

    const wrong = await client.mutation('account.changePassword', {
      currentPassword: 'not-my-password',
      newPassword: 'lighthouse-keeper-7',
    });
    expect(wrong.status).toBe(400);
    expect(trpcFieldErrors(wrong).currentPassword).toEqual(['The password is not correct.']);
    expect((await other.query('auth.check')).status).toBe(200);

    const common = await client.mutation('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'password123',
    });
    expect(common.status).toBe(400);
    expect(trpcFieldErrors(common)).toHaveProperty('newPassword');

    const changed = await client.mutation('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'lighthouse-keeper-7',
    });
    expect(changed.status).toBe(200);
    expect(trpcData(changed)).toEqual({
      otherSessionsEnded: 1,
      appPasswordsRevoked: 0,
      apiTokensRevoked: 0,
    });
    expect((await client.query('auth.check')).status).toBe(200);
    expect((await other.query('auth.check')).status).toBe(403);
    expect((await other.mutation('auth.refresh')).status).toBe(401);

    const oldLogin = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: TEST_PASSWORD,
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: 'lighthouse-keeper-7',
    });
    expect(newLogin.status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists each signed-in browser, this one first, and signs out one or all others', async () => {
    const { client, email } = await signedInClient(t);
    const phone = await secondSession(
      email,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    const laptop = await secondSession(email, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0');

    type Session = { id: string; userAgent: string | null; current: boolean; lastSeenAt: string };
    const sessions = trpcData<Session[]>(await client.query('account.sessions'));
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = sessions.find((s) => s.userAgent?.includes('iPhone'))!;
    expect(phoneSession).toBeDefined();

    const self = await client.mutation('account.revokeSession', { sessionId: sessions[0]!.id });
    expect(self.status).toBe(400);

    expect(
      (await client.mutation('account.revokeSession', { sessionId: phoneSession.id })).status,
    ).toBe(200);
    expect((await phone.query('auth.check')).status).toBe(403);
    expect((await laptop.query('auth.check')).status).toBe(200);
    const again = await client.mutation('account.revokeSession', { sessionId: phoneSession.id });
    expect(again.status).toBe(404);

    const all = await client.mutation('account.revokeOtherSessions');
    expect(trpcData(all)).toEqual({ ended: 1 });
    expect((await laptop.query('auth.check')).status).toBe(403);
    expect(trpcData<Session[]>(await client.query('account.sessions'))).toHaveLength(1);
  });

  it("cannot see or end another person's sessions", async () => {
    const { client } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const [theirs] = trpcData<{ id: string }[]>(await stranger.query('account.sessions'));
    const res = await client.mutation('account.revokeSession', { sessionId: theirs!.id });
    expect(res.status).toBe(404);
    expect((await stranger.query('auth.check')).status).toBe(200);
  });
});

/** Every row in any table that names the user, by table; empty when nothing is left. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const columns = await executeRows<{ table_name: string; column_name: string }>(
    t.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('id', 'user_id', 'owner_id')`,
  );
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await executeRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${userId}`,
    );
    if (row && row.n > 0) found[`${table}.${column}`] = row.n;
  }
  return found;
}

/** An account with a photo, two contacts with photos (one in the trash), feedback and codes. */
async function fullAccount() {
  const { client, email } = await signedInClient(t);
  const userId = trpcData<{ user: { id: string } }>(await client.query('auth.check')).user.id;
  await client.mutation('account.updateProfile', {
    name: 'Grace Hopper',
    avatarImageId: await uploadPng(client),
  });
  for (const firstName of ['Alan', 'Edsger']) {
    const res = await client.rest('POST', '/contacts', {
      firstName,
      lastName: 'Turing',
      phone: '+44 20 7946 0000',
      email: `${firstName.toLowerCase()}@example.com`,
      avatar: { publicId: await uploadPng(client) },
      birthday: { day: 23, month: 'june', year: 1912 },
    });
    expect(res.status).toBe(201);
  }
  const contacts = trpcData<{ items: { id: string }[] }>(await client.query('contacts.list', {}));
  await client.rest('PATCH', `/trash/${contacts.items[1]!.id}`);
  await client.rest('POST', '/feedback', { message: 'Lovely' });
  await client.rest('POST', '/auth/recover/find', { email });
  return { client, email, userId };
}

/** The stored image files of an account, by storage key. */
async function imageFilesOf(userId: string): Promise<string[]> {
  const rows = await executeRows<{ key: string }>(
    t.db,
    sql`select storage_key as key from images where owner_id = ${userId}`,
  );
  return rows.map((row) => row.key);
}

const uploads = () => (existsSync(t.uploadsDir) ? readdirSync(t.uploadsDir) : []);

describe('delete account (privacy page: erased within 30 days)', () => {
  it('needs the password, signs out everywhere at once and refuses sign-in', async () => {
    const { client, email } = await signedInClient(t);
    const other = await secondSession(email, 'Tablet');

    const wrong = await client.mutation('account.delete', { password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(trpcFieldErrors(wrong).password).toEqual(['The password is not correct.']);
    expect((await client.query('auth.check')).status).toBe(200);

    const deleted = await client.mutation('account.delete', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(client.cookies.size).toBe(0);
    expect((await other.query('auth.check')).status).toBe(403);
    expect((await other.mutation('auth.refresh')).status).toBe(401);
    const login = await new TestClient(t.app).rest('POST', '/auth/login', {
      email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(401);
    const recover = await new TestClient(t.app).rest('POST', '/auth/recover/find', { email });
    expect(recover.status).toBe(404);
  });

  it('the periodic job leaves no row and no image of the account, and nothing else goes', async () => {
    const keeper = await fullAccount();
    const leaver = await fullAccount();
    const keeperRows = await rowsOf(keeper.userId);
    const keeperFiles = await imageFilesOf(keeper.userId);
    const leaverFiles = await imageFilesOf(leaver.userId);
    expect(leaverFiles).toHaveLength(3);
    expect(Object.keys(await rowsOf(leaver.userId))).toEqual(
      expect.arrayContaining([
        'users.id',
        'contacts.user_id',
        'images.owner_id',
        'sessions.user_id',
      ]),
    );

    await leaver.client.mutation('account.delete', { password: TEST_PASSWORD });
    const result = await runRetention(t, t.now());
    expect(result.accountsPurged).toBeGreaterThanOrEqual(1);

    expect(await rowsOf(leaver.userId)).toEqual({});
    expect(uploads().filter((file) => leaverFiles.includes(file))).toEqual([]);
    expect(uploads()).toEqual(expect.arrayContaining(keeperFiles));
    expect(await rowsOf(keeper.userId)).toEqual(keeperRows);
    expect((await keeper.client.query('account.profile')).status).toBe(200);
  });

  it('erases at once when asked, and the email can sign up again', async () => {
    const leaver = await fullAccount();
    const res = await leaver.client.mutation('account.delete', {
      password: TEST_PASSWORD,
      eraseNow: true,
    });
    expect(trpcData(res)).toEqual({ erased: true });
    expect(await rowsOf(leaver.userId)).toEqual({});

    const again = await signedInClient(t, leaver.email, 'Grace Again');
    const profile = trpcData<Profile>(await again.client.query('account.profile'));
    expect(profile).toMatchObject({ name: 'Grace Again', avatar: null });
    expect(trpcData<{ total: number }>(await again.client.query('contacts.list', {})).total).toBe(
      0,
    );
  });

  it('a deleted account waiting for the purge does not hold its email', async () => {
    const { client, email } = await signedInClient(t);
    await client.mutation('account.delete', { password: TEST_PASSWORD });
    const again = await signedInClient(t, email);
    expect((await again.client.query('account.profile')).status).toBe(200);
  });
});

describe('download my data', () => {
  it('is a zip with the account, every contact as vCard 4.0 and JSON, and the photos', async () => {
    const { client, email } = await fullAccount();
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="kith-data-/);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files).sort();
    expect(names.filter((n) => n.startsWith('photos/'))).toHaveLength(3);
    expect(names).toEqual(
      expect.arrayContaining(['account.json', 'contacts.json', 'contacts.vcf', 'trash.vcf']),
    );

    const account = JSON.parse(strFromU8(files['account.json']!));
    expect(account).toMatchObject({ name: 'Grace Hopper', email, reminders: null });
    const json = JSON.parse(strFromU8(files['contacts.json']!)) as { trashedAt: string | null }[];
    expect(json).toHaveLength(2);
    expect(json.filter((c) => c.trashedAt !== null)).toHaveLength(1);

    // The vCards read back with a maintained parser (ical.js) as what was stored.
    const vcard = new ICAL.Component(ICAL.parse(strFromU8(files['contacts.vcf']!)) as unknown[]);
    expect(vcard.getFirstPropertyValue('version')).toBe('4.0');
    expect(vcard.getFirstPropertyValue('fn')).toBe('Alan Turing');
    expect(vcard.getFirstPropertyValue('email')).toBe('alan@example.com');
    expect(vcard.getFirstPropertyValue('tel')).toBe('+44 20 7946 0000');
    expect(String(vcard.getFirstPropertyValue('bday'))).toBe('1912-06-23');
    expect(String(vcard.getFirstPropertyValue('photo'))).toMatch(/^data:image\/webp;base64,/);
    expect(strFromU8(files['trash.vcf']!)).toContain('FN:Edsger Turing');
  });

  it('carries the reminder settings once saved', async () => {
    const { client } = await fullAccount();
    const settings = {
      enabled: true,
      birthdays: true,
      anniversaries: false,
      otherDates: false,
      leadDays: [0, 7],
      sendAt: '08:15',
      timeZone: 'Europe/Madrid',
      delivery: 'each',
    };
    expect((await client.mutation('reminders.saveSettings', settings)).status).toBe(200);
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(JSON.parse(strFromU8(files['account.json']!)).reminders).toEqual(settings);
  });

  it('pages through a book larger than one read (500) without losing or repeating a contact', async () => {
    const { client } = await signedInClient(t);
    const userId = trpcData<{ user: { id: string } }>(await client.query('auth.check')).user.id;
    const rows = Array.from({ length: 1_201 }, (_, i) => ({
      userId,
      givenName: `Person${String(i).padStart(4, '0')}`,
      familyName: 'Bulk',
      phone: `+1 555 ${String(i).padStart(4, '0')}`,
    }));
    await t.db.insert(schema.contacts).values(rows);

    const download = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const json = JSON.parse(strFromU8(files['contacts.json']!)) as { givenName: string }[];
    expect(new Set(json.map((c) => c.givenName)).size).toBe(1_201);
    const cards = strFromU8(files['contacts.vcf']!).match(/^BEGIN:VCARD\r$/gm) ?? [];
    expect(cards).toHaveLength(1_201);
  });

  it('answers 403 without a session', async () => {
    const res = await new TestClient(t.app).send({ method: 'GET', url: '/api/account/export' });
    expect(res.status).toBe(403);
  });
});
