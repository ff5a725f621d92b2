import { ValidationError } from '../errors';

export interface Cursor {
  /** The sort key of the last item seen (folded name, or trashedAt as ISO text). */
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An opaque cursor for keyset pagination. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** @throws ValidationError for anything `encodeCursor` did not make. */
export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      UUID.test(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new ValidationError('Invalid cursor', { cursor: ['Invalid cursor'] });
}
