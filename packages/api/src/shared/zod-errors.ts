import type { ZodError } from 'zod';

/**
 * Field path (`location.city`) -> messages, from a ZodError: what tRPC answers in
 * `data.zodError` and REST in the envelope's `errors`, so forms show each message under its
 * field. Issues without a path go under `_`.
 */
export function flattenZodError(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** The first field message of a ZodError, for clients that show one line. */
export function firstZodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
