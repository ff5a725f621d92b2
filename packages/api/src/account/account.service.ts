import { schema, type Database } from '@kith/db';
import type {
  ChangePasswordInput,
  ColorSchemePreference,
  ContactSort,
  InterfaceLocale,
  UpdatePreferencesInput,
  UpdateProfileInput,
} from '@kith/validators';
import { and, eq, isNull } from 'drizzle-orm';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../credentials/passwords';
import { revokeAllSessions } from '../credentials/sessions';
import { revokeAllAppPasswords } from '../app-passwords';
import { revokeAllApiTokens } from '../credentials/api-tokens';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError, ValidationError } from '../shared/errors';
import { deleteImages, ownedImage } from '../images';
import { purgeAccount } from './purge';

const { users, images } = schema;

export const accountMessages = {
  wrongPassword: 'The password is not correct.',
  gone: 'Your account is no longer available.',
} as const;

/** The signed-in person as the profile page and the app shell show them. */
export interface Profile {
  id: string;
  name: string;
  email: string;
  /** Where the profile photo loads from, or null to show initials. */
  avatar: { publicId: string; url: string } | null;
  /** Chosen interface language; null follows the browser. */
  locale: InterfaceLocale | null;
  colorScheme: ColorSchemePreference;
  /** The order of the contacts and favorites lists. */
  contactSort: ContactSort;
  createdAt: Date;
}

/**
 * The profile of a live account.
 *
 * @throws NotFoundError when the account was deleted.
 */
export async function getProfile(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
): Promise<Profile> {
  const [row] = await deps.db
    .select({ user: users, avatarKey: images.storageKey })
    .from(users)
    .leftJoin(images, eq(users.avatarImageId, images.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new NotFoundError(accountMessages.gone);
  const { user, avatarKey } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar:
      user.avatarImageId && avatarKey
        ? { publicId: user.avatarImageId, url: deps.images.urlFor(avatarKey) }
        : null,
    locale: user.locale,
    colorScheme: user.colorScheme,
    contactSort: user.contactSort,
    createdAt: user.createdAt,
  };
}

/**
 * Saves the name and profile photo. A new photo must be an upload of this person's
 * (`images.upload`); the photo it replaces is deleted, rows then bytes.
 *
 * @throws NotFoundError when `avatarImageId` is not an image of this person.
 */
export async function updateProfile(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  userId: string,
  input: UpdateProfileInput,
): Promise<Profile> {
  const replaced = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarImageId: users.avatarImageId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw new NotFoundError(accountMessages.gone);
    if (input.avatarImageId && input.avatarImageId !== current.avatarImageId) {
      await ownedImage(tx as Database, userId, input.avatarImageId);
      await tx
        .update(images)
        .set({ attachedAt: deps.now() })
        .where(eq(images.id, input.avatarImageId));
    }
    await tx
      .update(users)
      .set({ name: input.name, avatarImageId: input.avatarImageId })
      .where(eq(users.id, userId));
    return current.avatarImageId !== input.avatarImageId ? current.avatarImageId : null;
  });
  if (replaced) await deleteImages(deps, userId, [replaced]);
  return getProfile(deps, userId);
}

/** Saves the language, colour scheme and list order; omitted fields stay as they are. */
export async function updatePreferences(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  input: UpdatePreferencesInput,
): Promise<Profile> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.colorScheme !== undefined) changes.colorScheme = input.colorScheme;
  if (input.contactSort !== undefined) changes.contactSort = input.contactSort;
  if (Object.keys(changes).length > 0) {
    await deps.db.update(users).set(changes).where(eq(users.id, userId));
  }
  return getProfile(deps, userId);
}

/**
 * Changes the password after checking the current one, ends every other session and
 * revokes every app password, as a reset does (OWASP Session Management Cheat Sheet: renew
 * and invalidate on credential change; an app password made by whoever knew the old
 * password would otherwise keep syncing the book). The session that asked stays signed in;
 * each phone or computer that syncs must be given a new app password.
 *
 * @returns `otherSessionsEnded`, how many other sessions were signed out,
 *   `appPasswordsRevoked`, how many sync devices must sign in again, and `apiTokensRevoked`,
 *   how many API tokens were revoked with them (docs/api-tokens.md).
 * @throws ValidationError on `currentPassword` when it is wrong, on `newPassword` when it is
 *   a common password.
 */
export async function changePassword(
  deps: Pick<ApiDependencies, 'db' | 'now'>,
  userId: string,
  currentFamilyId: string,
  input: ChangePasswordInput,
): Promise<{ otherSessionsEnded: number; appPasswordsRevoked: number; apiTokensRevoked: number }> {
  await assertPassword(deps.db, userId, input.currentPassword, 'currentPassword');
  assertAcceptablePassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  const ended = await revokeAllSessions(deps.db, userId, deps.now(), {
    exceptFamilyId: currentFamilyId,
  });
  const appPasswordsRevoked = await revokeAllAppPasswords(deps.db, userId);
  const apiTokensRevoked = await revokeAllApiTokens(deps.db, userId);
  return { otherSessionsEnded: ended, appPasswordsRevoked, apiTokensRevoked };
}

/**
 * Deletes the account, confirmed with its password: marks it deleted and ends every
 * session at once, so it can no longer sign in. Its rows and images go with the purge job
 * (privacy page: within 30 days), or in this call when `eraseNow` is set.
 *
 * @throws ValidationError on `password` when it is wrong.
 */
export async function deleteAccount(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  userId: string,
  input: { password: string; eraseNow: boolean },
): Promise<{ erased: boolean }> {
  await assertPassword(deps.db, userId, input.password, 'password');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now }).where(eq(users.id, userId));
    await revokeAllSessions(tx as Database, userId, now);
  });
  if (input.eraseNow) await purgeAccount(deps, userId);
  return { erased: input.eraseNow };
}

async function assertPassword(db: Database, userId: string, password: string, field: string) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new NotFoundError(accountMessages.gone);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new ValidationError(accountMessages.wrongPassword, {
      [field]: [accountMessages.wrongPassword],
    });
  }
}
