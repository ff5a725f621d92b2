// The shared config of the database-backed packages.
export { default } from '../../vitest.database.config.ts';
