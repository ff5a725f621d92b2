import { expect, type Page } from '@playwright/test';
import { codeFromOutbox } from './outbox';

/**
 * Signs a new person up and verifies them through the REST API from the page's own request
 * context, which shares the browser's cookies; the page is then signed in.
 */
export async function signUpThroughApi(
  page: Page,
  name: string,
  email: string,
  password = 'kith-e2e-pass-77',
) {
  const signup = await page.request.post('/api/v1/auth/signup', {
    data: { name, email, password },
  });
  expect(signup.status()).toBe(201);
  const code = await codeFromOutbox(email, /verification code/);
  const verify = await page.request.post('/api/v1/auth/verify', { data: { email, otp: code } });
  expect(verify.status()).toBe(200);
}

/** Creates a contact through the REST API and returns its id. */
export async function createContactThroughApi(page: Page, firstName: string, lastName = 'Example') {
  const res = await page.request.post('/api/v1/contacts', {
    data: { firstName, lastName, phone: '+1 555 0100' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}
