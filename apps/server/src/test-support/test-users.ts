import type { TestApp } from './test-app';
import { codeFrom, TestClient } from './test-client';

export const TEST_PASSWORD = 'kith-harbour-42';
let counter = 0;

/** A unique, not-yet-registered email. */
export function newEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@example.com`;
}

/** Signs a new person up and verifies them through REST; returns their signed-in client. */
export async function signedInClient(t: TestApp, email = newEmail(), name = 'Ada Lovelace') {
  const client = new TestClient(t.app);
  const signup = await client.rest('POST', '/auth/signup', {
    name,
    email,
    password: TEST_PASSWORD,
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const verify = await client.rest('POST', '/auth/verify', {
    email,
    otp: codeFrom(t.outbox.at(-1)),
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  return { client, email };
}
