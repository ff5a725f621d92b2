import { z } from 'zod';
import { newPassword, PASSWORD_MAX_LENGTH } from './auth';
import { contactSort } from './contacts';
import { interfaceLocale } from './locales';
import { COLOR_SCHEMES } from './constants';
import { messages } from './messages';

/**
 * The profile form of /me: the display name and the profile photo, an uploaded image's id
 * (`images.upload`), or null to remove it. The email is shown, not edited.
 */
export const updateProfileInput = z.object({
  name: z.string().trim().min(1, { error: messages.account.nameRequired }).max(200),
  avatarImageId: z.uuid().nullable(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** Preferences kept with the account; an omitted field is left as it is. */
export const updatePreferencesInput = z.object({
  locale: interfaceLocale.nullable().optional(),
  colorScheme: z.enum(COLOR_SCHEMES).optional(),
  contactSort: contactSort.optional(),
});
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesInput>;

const currentPassword = z
  .string()
  .min(1, { error: messages.account.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: messages.account.passwordTooLong });

/** Change password on /me: the current one proves it is the owner (OWASP ASVS 2.1.x). */
export const changePasswordInput = z
  .object({ currentPassword, newPassword })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: messages.account.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** Sign out one other session: its id from `account.sessions`. */
export const sessionIdInput = z.object({ sessionId: z.uuid() });

/**
 * Delete the account, confirmed with the password. `eraseNow` purges every row and image in
 * the same call instead of leaving it to the periodic job (privacy page: within 30 days).
 */
export const deleteAccountInput = z.object({
  password: currentPassword,
  eraseNow: z.boolean().default(false),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;
