import {
  createCaller,
  createRateLimiter,
  hashPassword,
  startSession,
  type Context,
} from '@kith/api';
import { schema } from '@kith/db';
import type { ContactCreateInput } from '@kith/validators';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TestApp } from './test-app';
import { png } from './test-images';
import { TEST_PASSWORD } from './test-users';

/**
 * The procedure layer of the tests (ARCHITECTURE.md "A test"): procedures called in-process
 * through tRPC's `createCaller`, with the middlewares (session check, input parsing, error
 * mapping) but without HTTP. HTTP tests keep what HTTP adds: cookies, the REST envelope,
 * multipart, headers.
 *
 * The factories below (`makeUser`, `makeContact`, `makeLabel`, `makeImage`, `makeAppPassword`,
 * `makeImport`) set up what a test needs through the same procedures, with the defaults a create
 * requires filled in, so a test spells out only what it is about.
 */
export type Caller = ReturnType<typeof createCaller>;

let people = 0;
let passwordHash: Promise<string> | undefined;

/** A verified account, inserted directly; its password is TEST_PASSWORD. */
export async function makeUser(
  t: TestApp,
  overrides: { name?: string; email?: string } = {},
): Promise<{ id: string; email: string }> {
  people += 1;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await t.db
    .insert(schema.users)
    .values({
      name: overrides.name ?? 'Ada Lovelace',
      email: overrides.email ?? `caller${people}-${Date.now()}@example.com`,
      passwordHash: await passwordHash,
      emailVerifiedAt: t.now(),
    })
    .returning();
  return { id: user!.id, email: user!.email };
}

/** The procedures as `userId` calls them, signed in with a session of its own. */
export async function callerFor(t: TestApp, userId: string): Promise<Caller> {
  const client = { userAgent: 'test-caller', ipAddress: '127.0.0.1' };
  const tokens = await startSession(t.deps.db, t.deps.keys, userId, client, t.now());
  const req = {
    cookies: { access_token: tokens.accessToken },
    headers: { 'user-agent': client.userAgent },
    ip: client.ipAddress,
  } as unknown as FastifyRequest;
  // Cookies and headers a procedure sets have no HTTP answer to go to here.
  const reply = {
    setCookie: () => reply,
    clearCookie: () => reply,
    header: () => reply,
  } as unknown as FastifyReply;
  const rateLimiter = await createRateLimiter({ perIp: 1e6, perAccount: 1e6, windowMs: 60_000 });
  const context: Context = { ...t.deps, rateLimiter, req, reply };
  return createCaller(context);
}

/** A signed-in caller of a new account. */
export async function signedInCaller(t: TestApp): Promise<Caller> {
  return callerFor(t, (await makeUser(t)).id);
}

/**
 * A contact's name as one line, given name first ("Ada Lovelace"; "Smith" without a given
 * name), as lists and search show it.
 */
export function nameOf(contact: { givenName: string; familyName: string }): string {
  return [contact.givenName, contact.familyName].filter(Boolean).join(' ');
}

/**
 * A contact created through `contacts.create`; the parts a create requires (given and family
 * name, a phone) are filled for you.
 */
export async function makeContact(caller: Caller, overrides: Partial<ContactCreateInput> = {}) {
  return caller.contacts.create({
    givenName: 'Grace',
    familyName: 'Hopper',
    phones: [{ value: '+1 555 0100', type: '' }],
    ...overrides,
  });
}

/**
 * A label created through `labels.create` (name 'Friends' unless given) and, when `contactIds`
 * are given, given to those contacts through `labels.assign`. Returns the label `{id, name}`.
 */
export async function makeLabel(caller: Caller, name = 'Friends', contactIds: string[] = []) {
  const label = await caller.labels.create({ name });
  if (contactIds.length > 0) await caller.labels.assign({ labelId: label.id, contactIds });
  return label;
}

/**
 * A tiny valid image (a 32 x 32 PNG) uploaded through `images.upload`; returns its publicId,
 * the id a contact's `photo` or the profile's `avatarImageId` takes.
 */
export async function makeImage(caller: Caller): Promise<string> {
  const { image } = await caller.images.upload({ data: new Uint8Array(await png()) });
  return image.publicId;
}

/**
 * An app password created through `appPasswords.create` (named 'Test phone' unless given);
 * the answer carries `password`, the only time it is shown.
 */
export async function makeAppPassword(caller: Caller, name = 'Test phone') {
  return caller.appPasswords.create({ name });
}

/**
 * A file imported as the web app imports it: `imports.preview` reads `content` (CSV or vCard),
 * then one `imports.batch` creates every contact the preview found. Returns the preview, the
 * batch's counts and the import's id (for `imports.undo`).
 */
export async function makeImport(caller: Caller, content: string) {
  const preview = await caller.imports.preview({ content });
  const importId = crypto.randomUUID();
  const result = await caller.imports.batch({ importId, create: preview.contacts });
  return { preview, result, importId };
}
