import { SuperJSON, type SuperJSONResult } from 'superjson';

const superjson = new SuperJSON();

/**
 * The tRPC transformer every side uses (server, web app, SDK): superjson, taught to carry
 * `Uint8Array` (image uploads) as base64. Works in browsers and Node alike.
 *
 * Values made of JSON's own types and Dates (every answer but uploads) are written in
 * superjson's own format (`{json, meta: {values: {"path": ["Date"]}}}`) by one quick walk:
 * superjson's general walker held the event loop for 370 ms on a 25,000-contact import
 * preview (no request may stall the others). Anything else (bytes, undefined, NaN, Map...)
 * goes through superjson as before, and `deserialize` is superjson's, so both sides read either.
 */
export const transformer = {
  serialize(value: unknown): SuperJSONResult {
    // Most answers hold no Date: they are JSON as they are, and are not copied at all.
    const kind = scan(value, 0);
    if (kind === 'json') return { json: value as never };
    if (kind === 'other') return superjson.serialize(value);
    const dates: Record<string, ['Date']> = {};
    const json = encodeFast(value, [], dates);
    if (json === FALLBACK) return superjson.serialize(value);
    return Object.keys(dates).length === 0
      ? { json: json as never }
      : { json: json as never, meta: { values: dates, v: 1 } };
  },
  deserialize: <T = unknown>(payload: SuperJSONResult): T => superjson.deserialize<T>(payload),
  stringify: (value: unknown): string => JSON.stringify(transformer.serialize(value)),
  parse: <T = unknown>(text: string): T => transformer.deserialize<T>(JSON.parse(text)),
};

const FALLBACK = Symbol('superjson');

/**
 * What `value` holds, found without copying it: only JSON values ('json'), Dates among them
 * ('dates'), or anything else superjson must annotate ('other').
 */
function scan(value: unknown, depth: number): 'json' | 'dates' | 'other' {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return 'json';
  if (typeof value === 'number') {
    return Number.isFinite(value) && !Object.is(value, -0) ? 'json' : 'other';
  }
  if (typeof value !== 'object' || depth > MAX_FAST_DEPTH) return 'other';
  if (value instanceof Date) return depth === 0 ? 'other' : 'dates';
  let kind: 'json' | 'dates' = 'json';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const item = scan(value[i], depth + 1);
      if (item === 'other') return 'other';
      if (item === 'dates') kind = 'dates';
    }
    return kind;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return 'other';
  for (const key in value) {
    const item = scan((value as Record<string, unknown>)[key], depth + 1);
    if (item === 'other') return 'other';
    if (item === 'dates') kind = 'dates';
  }
  return kind;
}
/** Deeper than this, superjson decides (it also guards against cycles). */
const MAX_FAST_DEPTH = 64;

/**
 * `value` as JSON with each Date as its ISO string, recording each Date's path the way
 * superjson does (keys joined by `.`, with `.` and `\\` escaped); FALLBACK for anything
 * else superjson would annotate. `path` is the keys down to `value`, kept as one stack and
 * joined only when a Date is found: building every key's path string took most of the time
 * of a 16,000-contact import preview.
 */
function encodeFast(
  value: unknown,
  path: (string | number)[],
  dates: Record<string, ['Date']>,
): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value) && !Object.is(value, -0) ? value : FALLBACK;
  }
  if (typeof value !== 'object' || path.length > MAX_FAST_DEPTH) return FALLBACK;
  if (value instanceof Date) {
    if (path.length === 0 || Number.isNaN(value.getTime())) return FALLBACK;
    dates[path.map((key) => String(key).replace(/\\/g, '\\\\').replace(/\./g, '\\.')).join('.')] = [
      'Date',
    ];
    return value.toISOString();
  }
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i += 1) {
      path.push(i);
      const item = encodeFast(value[i], path, dates);
      path.pop();
      if (item === FALLBACK) return FALLBACK;
      out[i] = item;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return FALLBACK;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    path.push(key);
    const item = encodeFast((value as Record<string, unknown>)[key], path, dates);
    path.pop();
    if (item === FALLBACK) return FALLBACK;
    out[key] = item;
  }
  return out;
}

superjson.registerCustom<Uint8Array, string>(
  {
    isApplicable: (value): value is Uint8Array => value instanceof Uint8Array,
    serialize: (bytes) => {
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    },
    deserialize: (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
  },
  'Uint8Array',
);
