import { ValidationError } from '../shared/errors';

export interface Cursor {
  /** The sort key of the last item seen, as the database writes it as text. */
  key: string;
  id: string;
  /** The order the cursor continues (`first_name`, `trash`, ...). */
  order: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVALID_CURSOR = 'Invalid cursor';

/** An opaque cursor for keyset pagination. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id, cursor.order])).toString('base64url');
}

/**
 * Reads a cursor made by `encodeCursor` for the same order.
 *
 * @throws ValidationError for anything `encodeCursor` did not make, or a cursor of another
 *   order (the list was re-sorted: start again without a cursor).
 */
export function decodeCursor(value: string, order: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      UUID.test(parsed[1]) &&
      parsed[2] === order
    ) {
      return { key: parsed[0], id: parsed[1], order };
    }
  } catch {
    // falls through to the error below
  }
  throw new ValidationError(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
}
