import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so two equal values always give one text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a create request's data, stored beside its Idempotency-Key: SHA-256 as
 * 64 hex characters over the parsed input with its keys sorted and `idempotencyKey` left
 * out, so the same data gives the same fingerprint whatever the key order or spacing of the
 * body (IETF draft-ietf-httpapi-idempotency-key-header §2.2, "Idempotency Fingerprint").
 * Pure; throws nothing for JSON-like values.
 */
export function requestFingerprint(input: Record<string, unknown>): string {
  const { idempotencyKey: _key, ...data } = input;
  return createHash('sha256').update(canonicalJson(data)).digest('hex');
}
