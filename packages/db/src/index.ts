export { createDb, DatabaseStartError, executeRows, MIGRATIONS_FOLDER } from './client';
export {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isRetryableConflict,
  isUniqueViolation,
  isUnstorableText,
} from './availability';
export type { CreateDbOptions, Database, DatabaseHandle, DatabaseKind } from './client';
export * as schema from './schema';
export type { ContactExtraField } from './schema/contacts';
export type { ContactDate, PostalAddress, TypedValue } from './schema/card';
export type { User } from './schema/users';
export type { MergedCopy } from './schema/merge';
export type { ChangeSource, ContactSnapshot, LabelSnapshot } from './schema/history';
export type { Passkey } from './schema/second-factor';
