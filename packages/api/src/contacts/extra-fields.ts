import type { ContactExtraField } from '@kith/db';

/** Extras of both lists, each once (same name, label and value), in their order. */
export function mergeExtras(
  kept: ContactExtraField[],
  added: ContactExtraField[],
): ContactExtraField[] {
  const key = (f: ContactExtraField) => JSON.stringify([f.name, f.label, f.value]);
  const seen = new Set(kept.map(key));
  const result = [...kept];
  for (const field of added) {
    if (seen.has(key(field))) continue;
    seen.add(key(field));
    result.push(field);
  }
  return result;
}
