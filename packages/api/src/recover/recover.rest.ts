import { emailInput, otpInput, resetPasswordInput } from '@kith/validators';
import { z } from 'zod';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../auth';
import { ForbiddenError } from '../shared/errors';
import { untrusted, type RestRoute } from '../rest/adapter';
import { accountPreviewExample, sessionUserExample } from '../rest/openapi/examples';
import { accountPreviewSchema, sessionUserSchema } from '../rest/openapi/wire-schemas';

/**
 * The legacy recovery paths (`/auth/recover/*`, docs/product/legacy-api.md#auth): the four
 * steps of password recovery and their route guards, with the product's success messages
 * (docs/product/messages.md#success-and-progress-toasts).
 */
export const recoverRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/recover/find',
    doc: {
      operationId: 'findAccountToRecover',
      summary: 'Recovery step 1: find the account by email',
      tag: 'Recovery',
      signedIn: false,
      body: emailInput,
      data: accountPreviewSchema,
      errors: [400, 404, 429],
      example: {
        body: { email: 'ada@example.com' },
        data: accountPreviewExample,
        message: 'User Found',
      },
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
      operationId: 'sendRecoveryCode',
      summary: 'Recovery step 2: mail a code',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ email: z.email() }),
      errors: [400, 429, 503],
      example: { data: { email: 'ada@example.com' }, message: 'Otp Sent Successful' },
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
      operationId: 'verifyRecoveryCode',
      summary: 'Recovery step 3: check the code',
      tag: 'Recovery',
      signedIn: false,
      body: otpInput,
      data: z.object({ verified: z.literal(true) }),
      errors: [400, 429],
      example: {
        body: { otp: '123456' },
        data: { verified: true },
        message: 'Verification Successful',
      },
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
      operationId: 'resendRecoveryCode',
      summary: 'Recovery: send a new code',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ sent: z.literal(true) }),
      errors: [400, 429, 503],
      example: { data: { sent: true }, message: 'Email Resend Successful' },
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
      operationId: 'resetPassword',
      summary: 'Recovery step 4: set a new password; ends every session',
      description:
        'For an account with a second factor the password is changed but no session starts: ' +
        `the answer is 403 "${SECOND_FACTOR_REQUIRED_MESSAGE}"; sign in with the new password ` +
        'and the second factor on the web app or through the SDK.',
      tag: 'Recovery',
      signedIn: false,
      body: resetPasswordInput,
      data: z.object({ user: sessionUserSchema }),
      errors: [400, 403, 429],
      example: {
        body: { password: 'a-new-harbour-77' },
        data: { user: sessionUserExample },
        message: 'Password Reset Successful',
      },
    },
    handle: async ({ caller, body }) => {
      const answer = await caller.recover.reset(untrusted(body));
      if (!answer.user) throw new ForbiddenError(SECOND_FACTOR_REQUIRED_MESSAGE);
      return { data: { user: answer.user }, message: 'Password Reset Successful' };
    },
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp1',
    doc: {
      operationId: 'checkRecoveryAccountFound',
      summary: 'Recovery guard: an account was found',
      tag: 'Recovery',
      signedIn: false,
      data: accountPreviewSchema,
      errors: [400],
      example: { data: accountPreviewExample, message: 'User Found' },
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
      operationId: 'checkRecoveryCodeSent',
      summary: 'Recovery guard: a code was sent; resendInMs is the wait before another',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ ok: z.literal(true), resendInMs: z.number().int().nonnegative() }),
      errors: [400],
      example: { data: { ok: true, resendInMs: 60000 } },
    },
    handle: async ({ caller }) => ({ data: await caller.recover.checkCodeSent(), message: 'OK' }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp3',
    doc: {
      operationId: 'checkRecoveryCodeVerified',
      summary: 'Recovery guard: the code was verified',
      tag: 'Recovery',
      signedIn: false,
      data: z.object({ ok: z.literal(true) }),
      errors: [400],
      example: { data: { ok: true } },
    },
    handle: async ({ caller }) => ({ data: await caller.recover.checkVerified(), message: 'OK' }),
  },
];
