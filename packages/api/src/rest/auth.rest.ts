import { untrusted, type RestRoute } from './adapter';

/**
 * SPEC §7 "Auth": every `/api/v1/auth/*` path, each calling the same procedure the web app
 * uses, with the success messages of SPEC §8.
 */
export const authRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/signup',
    handle: async ({ caller, body }) => ({
      data: await caller.auth.signup(untrusted(body)),
      message: 'Signup Successful',
      status: 201,
    }),
  },
  {
    method: 'POST',
    path: '/auth/verify',
    handle: async ({ caller, body }) => ({
      data: await caller.auth.verify(untrusted(body)),
      message: 'Verification Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/resend',
    handle: async ({ caller, body }) => ({
      data: await caller.auth.resend(untrusted(body)),
      message: 'Email Resend Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/login',
    handle: async ({ caller, body }) => ({
      data: await caller.auth.login(untrusted(body)),
      message: 'Login Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/check',
    handle: async ({ caller }) => ({ data: await caller.auth.check(), message: 'Session active' }),
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    handle: async ({ caller }) => ({
      data: await caller.auth.refresh(),
      message: 'Session refreshed',
    }),
  },
  {
    method: 'POST',
    path: '/auth/logout',
    handle: async ({ caller }) => ({
      data: await caller.auth.logout(),
      message: 'Logout Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/find',
    handle: async ({ caller, body }) => ({
      data: await caller.recover.find(untrusted(body)),
      message: 'User Found',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/sent-otp',
    handle: async ({ caller }) => ({
      data: await caller.recover.sendCode(),
      message: 'Otp Sent Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/verify',
    handle: async ({ caller, body }) => ({
      data: await caller.recover.verify(untrusted(body)),
      message: 'Verification Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/resent',
    handle: async ({ caller }) => ({
      data: await caller.recover.resend(),
      message: 'Email Resend Successful',
    }),
  },
  {
    method: 'PATCH',
    path: '/auth/recover/reset',
    handle: async ({ caller, body }) => ({
      data: await caller.recover.reset(untrusted(body)),
      message: 'Password Reset Successful',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp1',
    handle: async ({ caller }) => ({
      data: await caller.recover.checkFound(),
      message: 'User Found',
    }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp2',
    handle: async ({ caller }) => ({ data: await caller.recover.checkCodeSent(), message: 'OK' }),
  },
  {
    method: 'POST',
    path: '/auth/recover/check/stp3',
    handle: async ({ caller }) => ({ data: await caller.recover.checkVerified(), message: 'OK' }),
  },
];
