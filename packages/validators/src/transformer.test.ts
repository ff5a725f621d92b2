import { describe, expect, it } from 'vitest';
import { SuperJSON } from 'superjson';
import { transformer } from './transformer';

describe('transformer', () => {
  it('carries bytes and dates through a JSON round trip', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 256);
    const value = { data: bytes, at: new Date('2025-07-13T00:00:00Z') };
    const back = transformer.parse<typeof value>(transformer.stringify(value));
    expect(back.data).toBeInstanceOf(Uint8Array);
    expect(Array.from(back.data)).toEqual(Array.from(bytes));
    expect(back.at.toISOString()).toBe('2025-07-13T00:00:00.000Z');
  });

  it('writes exactly what superjson writes, Dates included, and reads either back', () => {
    const reference = new SuperJSON();
    const value = {
      name: 'Ada',
      tags: ['a', 'b'],
      n: 3,
      ok: true,
      none: null,
      'odd.key\\': { at: new Date(5) },
      list: [{ createdAt: new Date(0), trashedAt: null }],
    };
    expect(transformer.serialize(value)).toEqual(reference.serialize(value));
    const mixed = { at: new Date(0), gone: undefined, nan: Number.NaN, bytes: new Uint8Array(2) };
    const back = transformer.parse<typeof mixed>(transformer.stringify(mixed));
    expect(back.at).toBeInstanceOf(Date);
    expect('gone' in back).toBe(true);
    expect(back.nan).toBeNaN();
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(transformer.parse(transformer.stringify(value))).toEqual(value);
  });
});
