import {
  clearCookie,
  cookieNames,
  readSealedCookie,
  setSealedCookie,
  type CookieContext,
} from '../credentials/cookies';

/**
 * How long a person has for the second step after the password, in ms (OWASP Multifactor
 * Authentication Cheat Sheet: the first factor's success is short-lived state, not a session).
 */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;
/** How long a fresh second-factor check lets the session change sign-in security, in ms. */
export const STEP_UP_TTL_MS = 5 * 60_000;

/** A sign-in whose password (or mailed recovery code) was right, waiting for the second step. */
export interface PendingSignIn {
  userId: string;
  email: string;
}

/** Keeps the pending sign-in in the sealed `second_factor` cookie; no session starts yet. */
export function keepPendingSignIn(ctx: CookieContext, pending: PendingSignIn): Promise<void> {
  return setSealedCookie(ctx, cookieNames.secondFactor, { ...pending }, PENDING_SIGN_IN_TTL_MS);
}

/** The sign-in waiting for its second step in this browser, or null. */
export function readPendingSignIn(ctx: CookieContext): Promise<PendingSignIn | null> {
  return readSealedCookie<PendingSignIn>(ctx, cookieNames.secondFactor);
}

export function clearPendingSignIn(ctx: CookieContext): void {
  clearCookie(ctx, cookieNames.secondFactor);
}

interface StepUp {
  userId: string;
  familyId: string;
  /** Epoch ms until which the check counts. */
  until: number;
}

/**
 * Records that this session just passed a second-factor check (a "step-up"), in the sealed
 * `step_up` cookie, bound to the account and the session family.
 *
 * @returns until when it counts.
 */
export async function recordStepUp(
  ctx: CookieContext,
  userId: string,
  familyId: string,
): Promise<Date> {
  const until = ctx.now().getTime() + STEP_UP_TTL_MS;
  await setSealedCookie(ctx, cookieNames.stepUp, { userId, familyId, until }, STEP_UP_TTL_MS);
  return new Date(until);
}

/** Until when this session's last second-factor check counts, or null when none does. */
export async function stepUpUntil(
  ctx: CookieContext,
  userId: string,
  familyId: string,
): Promise<Date | null> {
  const stepUp = await readSealedCookie<StepUp>(ctx, cookieNames.stepUp);
  if (!stepUp || stepUp.userId !== userId || stepUp.familyId !== familyId) return null;
  return stepUp.until > ctx.now().getTime() ? new Date(stepUp.until) : null;
}
