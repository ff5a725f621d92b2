import { z } from 'zod';

/**
 * What an API token may reach (docs/api-tokens.md#scopes): each feature read, or read and write
 * (`write` includes `read`).
 */
export const API_TOKEN_FEATURES = [
  'contacts',
  'labels',
  'imports',
  'reminders',
  'history',
] as const;
export type ApiTokenFeature = (typeof API_TOKEN_FEATURES)[number];

/** Every scope a token can hold. */
export const API_TOKEN_SCOPES = API_TOKEN_FEATURES.flatMap((feature) => [
  `${feature}:read` as const,
  `${feature}:write` as const,
]);
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The lifetimes a person can choose, in days; null never expires. */
export const API_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

/** How many live tokens one account may hold. */
export const API_TOKENS_MAX = 50;

/** A new token: its name, at least one scope, and how long it lives. */
export const createApiTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the token a name' })
    .max(64, { error: 'Use at most 64 characters' }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES as [ApiTokenScope, ...ApiTokenScope[]]))
    .min(1, { error: 'Choose at least one thing the token may do' })
    .max(API_TOKEN_SCOPES.length),
  expiresInDays: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()]),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** Revoke one token: its id from `apiTokens.list`. */
export const apiTokenIdInput = z.object({ id: z.uuid() });
