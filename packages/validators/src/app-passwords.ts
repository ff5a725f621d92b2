import { z } from 'zod';

/** Longest device name of an app password, in characters. */
export const APP_PASSWORD_NAME_MAX = 100;

/** Most app passwords one account keeps at once (one per phone, tablet, computer). */
export const APP_PASSWORDS_MAX = 50;

/** Create an app password for a device: the person's name for it. */
export const createAppPasswordInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name the device this password is for.' })
    .max(APP_PASSWORD_NAME_MAX, {
      error: `A device name is at most ${APP_PASSWORD_NAME_MAX} characters.`,
    }),
});
export type CreateAppPasswordInput = z.infer<typeof createAppPasswordInput>;

/** Revoke one app password: its id from `appPasswords.list`. */
export const appPasswordIdInput = z.object({ id: z.uuid() });
