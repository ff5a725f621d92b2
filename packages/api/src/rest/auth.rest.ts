import {
  emailInput,
  loginInput,
  otpInput,
  resetPasswordInput,
  signupInput,
  verifyEmailInput,
} from '@kith/validators';
import { z } from 'zod';
import { untrusted, type RestRoute } from './adapter';
import { accountPreviewSchema, sessionUserSchema } from './openapi/wire-schemas';

/**
 * SPEC §7 "Auth": every `/api/v1/auth/*` path, each calling the same procedure the web app
 * uses, with the success messages of SPEC §8.
 */
export const authRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/signup',
    successStatus: 201,
    doc: {
      summary: 'Sign up; mails a verification code',
      tag: 'Auth',
      signedIn: false,
      body: signupInput,
      data: z.object({ email: z.email() }),
      errors: [400, 409, 429, 503],
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
      summary: 'Verify the email with its code; signs in',
      tag: 'Auth',
      signedIn: false,
      body: verifyEmailInput.partial({ email: true }),
      data: z.object({ user: sessionUserSchema }),
      errors: [400, 429],
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
      summary: 'Send a new verification code',
      tag: 'Auth',
      signedIn: false,
      body: emailInput.partial(),
      data: z.object({ email: z.email() }),
      errors: [400, 429, 503],
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
      summary: 'Sign in; sets the session cookies',
      tag: 'Auth',
      signedIn: false,
      body: loginInput,
      data: z.object({ user: sessionUserSchema }),
      errors: [400, 401, 412, 429],
    },
    handle: async ({ caller, body }) => ({
      data: await caller.auth.login(untrusted(body)),
      message: 'Login Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/check',
    doc: {
      summary: 'Whether the session is live, and whose',
      tag: 'Auth',
      signedIn: true,
      data: z.object({ isLoggedIn: z.literal(true), user: sessionUserSchema }),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: await caller.auth.check(), message: 'Session active' }),
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    doc: {
      summary: 'Rotate the refresh token and issue a new access token',
      tag: 'Auth',
      signedIn: false,
      data: z.object({ refreshed: z.literal(true) }),
      errors: [401],
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
      summary: 'Sign out and end the session',
      tag: 'Auth',
      signedIn: false,
      data: z.object({ loggedOut: z.literal(true) }),
      errors: [],
    },
    handle: async ({ caller }) => ({
      data: await caller.auth.logout(),
      message: 'Logout Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/find',
    doc: {
      summary: 'Recovery step 1: find the account by email',
      tag: 'Recovery',
      signedIn: false,
      body: emailInput,
      data: accountPreviewSchema,
      errors: [400, 404, 429],
    },
    handle: async ({ caller, body }) => ({
      data: await caller.recover.find(untrusted(body)),
      message: 'User Found',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/sent-otp',
    doc: {
      summary: 'Recovery step 2: mail a code',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ email: z.email() }),
      errors: [400, 429, 503],
    },
    handle: async ({ caller }) => ({
      data: await caller.recover.sendCode(),
      message: 'Otp Sent Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/verify',
    doc: {
      summary: 'Recovery step 3: check the code',
      tag: 'Recovery',
      signedIn: false,
      body: otpInput,
      data: z.object({ verified: z.literal(true) }),
      errors: [400, 429],
    },
    handle: async ({ caller, body }) => ({
      data: await caller.recover.verify(untrusted(body)),
      message: 'Verification Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/resent',
    doc: {
      summary: 'Recovery: send a new code',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ sent: z.literal(true) }),
      errors: [400, 429, 503],
    },
    handle: async ({ caller }) => ({
      data: await caller.recover.resend(),
      message: 'Email Resend Successful',
    }),
  },
  {
    method: 'PATCH',
    path: '/auth/recover/reset',
    doc: {
      summary: 'Recovery step 4: set a new password; ends every session',
      tag: 'Recovery',
      signedIn: false,
      body: resetPasswordInput,
      data: z.object({ user: sessionUserSchema }),
      errors: [400, 429],
    },
    handle: async ({ caller, body }) => ({
      data: await caller.recover.reset(untrusted(body)),
      message: 'Password Reset Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp1',
    doc: {
      summary: 'Recovery guard: an account was found',
      tag: 'Recovery',
      signedIn: false,
      data: accountPreviewSchema,
      errors: [400],
    },
    handle: async ({ caller }) => ({
      data: await caller.recover.checkFound(),
      message: 'User Found',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp2',
    doc: {
      summary: 'Recovery guard: a code was sent',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ ok: z.literal(true) }),
      errors: [400],
    },
    handle: async ({ caller }) => ({ data: await caller.recover.checkCodeSent(), message: 'OK' }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp3',
    doc: {
      summary: 'Recovery guard: the code was verified',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ ok: z.literal(true) }),
      errors: [400],
    },
    handle: async ({ caller }) => ({ data: await caller.recover.checkVerified(), message: 'OK' }),
  },
];
