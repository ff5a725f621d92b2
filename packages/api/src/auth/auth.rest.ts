import { emailInput, loginInput, signupInput, verifyEmailInput } from '@kith/validators';
import { z } from 'zod';
import { untrusted, type RestRoute } from '../rest/adapter';
import { sessionUserExample } from '../rest/openapi/examples';
import { sessionUserSchema } from '../rest/openapi/wire-schemas';
import { ForbiddenError } from '../shared/errors';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from './sign-in';

/**
 * The legacy auth paths (docs/product/legacy-api.md#auth): sign-up, verification, login,
 * session check, refresh and logout, each calling the same procedure the web app uses, with
 * the product's success messages (docs/product/messages.md#success-and-progress-toasts).
 */
export const authRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/signup',
    successStatus: 201,
    doc: {
      operationId: 'signUp',
      summary: 'Sign up; mails a verification code',
      tag: 'Auth',
      signedIn: false,
      body: signupInput,
      data: z.object({ email: z.email() }),
      errors: [400, 409, 429, 503],
      example: {
        body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-harbour-42' },
        data: { email: 'ada@example.com' },
        message: 'Signup Successful',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.auth.signup(untrusted(body)),
      message: 'Signup Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/verify',
    doc: {
      operationId: 'verifyEmail',
      summary: 'Verify the email with its code; signs in',
      tag: 'Auth',
      signedIn: false,
      body: verifyEmailInput.partial({ email: true }),
      data: z.object({ user: sessionUserSchema }),
      errors: [400, 429],
      example: {
        body: { email: 'ada@example.com', otp: '123456' },
        data: { user: sessionUserExample },
        message: 'Verification Successful',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.auth.verify(untrusted(body)),
      message: 'Verification Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/resend',
    doc: {
      operationId: 'resendVerificationCode',
      summary: 'Send a new verification code',
      tag: 'Auth',
      signedIn: false,
      body: emailInput.partial(),
      data: z.object({ email: z.email() }),
      errors: [400, 429, 503],
      example: {
        body: { email: 'ada@example.com' },
        data: { email: 'ada@example.com' },
        message: 'Email Resend Successful',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.auth.resend(untrusted(body)),
      message: 'Email Resend Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/login',
    doc: {
      operationId: 'logIn',
      summary: 'Sign in; sets the session cookies',
      description:
        'An account with a second factor (a passkey or an authenticator app) cannot sign in here: ' +
        `the answer is 403 "${SECOND_FACTOR_REQUIRED_MESSAGE}" and no session starts. ` +
        'The web app and the SDK (`secondFactor.*` procedures) pass the second step.',
      tag: 'Auth',
      signedIn: false,
      body: loginInput,
      data: z.object({ user: sessionUserSchema }),
      errors: [400, 401, 403, 412, 429],
      example: {
        body: { email: 'ada@example.com', password: 'a-long-harbour-42' },
        data: { user: sessionUserExample },
        message: 'Login Successful',
      },
    },
    handle: async ({ caller, body }) => {
      const answer = await caller.auth.login(untrusted(body));
      if (!answer.user) throw new ForbiddenError(SECOND_FACTOR_REQUIRED_MESSAGE);
      return { data: { user: answer.user }, message: 'Login Successful' };
    },
  },
  {
    method: 'POST',
    path: '/auth/check',
    doc: {
      operationId: 'checkSession',
      summary: 'Whether the session is live, and whose',
      tag: 'Auth',
      signedIn: true,
      data: z.object({ isLoggedIn: z.literal(true), user: sessionUserSchema }),
      errors: [],
      example: { data: { isLoggedIn: true, user: sessionUserExample }, message: 'Session active' },
    },
    handle: async ({ caller }) => ({ data: await caller.auth.check(), message: 'Session active' }),
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    doc: {
      operationId: 'refreshSession',
      summary: 'Rotate the refresh token and issue a new access token',
      tag: 'Auth',
      signedIn: false,
      data: z.object({ refreshed: z.literal(true) }),
      errors: [401],
      example: { data: { refreshed: true }, message: 'Session refreshed' },
    },
    handle: async ({ caller }) => ({
      data: await caller.auth.refresh(),
      message: 'Session refreshed',
    }),
  },
  {
    method: 'POST',
    path: '/auth/logout',
    doc: {
      operationId: 'logOut',
      summary: 'Sign out and end the session',
      tag: 'Auth',
      signedIn: false,
      data: z.object({ loggedOut: z.literal(true) }),
      errors: [],
      example: { data: { loggedOut: true }, message: 'Logout Successful' },
    },
    handle: async ({ caller }) => ({
      data: await caller.auth.logout(),
      message: 'Logout Successful',
    }),
  },
];
