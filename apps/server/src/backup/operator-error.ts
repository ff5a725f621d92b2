/**
 * A mistake or a missing piece the person running a backup or restore can fix (a missing file,
 * a folder not empty, pg_dump too old): the command prints its message alone, on one line,
 * and exits 1 (docs/backups.md#when-it-refuses).
 */
export class OperatorError extends Error {}
