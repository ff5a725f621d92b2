import { z } from 'zod';
import { interfaceLocale } from './locales';
import { messages } from './messages';

/** Minimum password length (docs/product/limits.md#limits). */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * An email address as people type it: trimmed and lowercased before it is checked
 * (docs/product/validation.md#signup).
 */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: messages.account.invalidEmail }));

/**
 * Longest password accepted, so no one can make the server hash megabytes (OWASP Password
 * Storage Cheat Sheet: a maximum length against long-password denial of service).
 */
export const PASSWORD_MAX_LENGTH = 128;

/** A password as typed to sign in: the product's minimum, and the maximum above. */
export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: messages.account.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: messages.account.passwordTooLong });

/**
 * A password being chosen (sign-up, reset, change): also not one character repeated
 * ("aaaaaa", six spaces). The server further refuses common and breached passwords.
 */
export const newPassword = password.refine((value) => new Set(value).size > 1, {
  error: messages.account.passwordRepeated,
});

/**
 * Sign-up payload (docs/product/contact.md#other-entities): name, email, password; plus,
 * optionally, the interface language the person signed up in, kept for the account (its
 * mails and its screens).
 */
export const signupInput = z.object({
  name: z.string().trim().min(1, { error: messages.account.nameRequired }),
  email: emailAddress,
  password: newPassword,
  locale: interfaceLocale.optional(),
});
export type SignupInput = z.infer<typeof signupInput>;

/** Login payload (docs/product/contact.md#other-entities): email, password. */
export const loginInput = z.object({
  email: emailAddress,
  password,
});
export type LoginInput = z.infer<typeof loginInput>;

/** One-time codes are 6 digits (docs/product/limits.md#limits). */
export const OTP_LENGTH = 6;

export const otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: messages.account.otpFormat });

/** POST /auth/verify (docs/product/legacy-api.md#auth): the email being verified and its code. */
export const verifyEmailInput = z.object({ email: emailAddress, otp });

/** POST /auth/resend and /auth/recover/find (docs/product/legacy-api.md#auth). */
export const emailInput = z.object({ email: emailAddress });

/** POST /auth/recover/verify (docs/product/legacy-api.md#auth). */
export const otpInput = z.object({ otp });

/** PATCH /auth/recover/reset (docs/product/legacy-api.md#auth). */
export const resetPasswordInput = z.object({ password: newPassword });
