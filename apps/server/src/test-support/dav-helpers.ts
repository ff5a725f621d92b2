import type { TestApp } from './test-app';
import { callerFor, makeAppPassword, makeUser } from './test-caller';

/** A server listening on loopback for real DAV clients, and an account with an app password. */
export interface DavAccount {
  baseUrl: string;
  email: string;
  userId: string;
  password: string;
  /** `Authorization: Basic …` for the email and app password. */
  authorization: string;
  caller: Awaited<ReturnType<typeof callerFor>>;
}

/** Listens on an ephemeral loopback port (once per app) and returns its base URL. */
export async function listen(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const bound = t.app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
}

/** A new verified account with an app password (`makeAppPassword`, named 'Test phone'). */
export async function davAccount(t: TestApp, name = 'Ada Lovelace'): Promise<DavAccount> {
  const baseUrl = await listen(t);
  const user = await makeUser(t, { name });
  const caller = await callerFor(t, user.id);
  const { password } = await makeAppPassword(caller);
  return {
    baseUrl,
    email: user.email,
    userId: user.id,
    password,
    authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString('base64')}`,
    caller,
  };
}

/** One DAV request with the account's credentials; the body as text. */
export async function dav(
  account: DavAccount,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(new URL(path, account.baseUrl), {
    method,
    headers: { authorization: account.authorization, ...options.headers },
    body: options.body,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A vCard 3.0 such as a phone writes. */
export function vcard(uid: string, given: string, family: string, extra: string[] = []): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `UID:${uid}`,
    `FN:${given} ${family}`,
    `N:${family};${given};;;`,
    ...extra,
    'END:VCARD',
    '',
  ].join('\r\n');
}
