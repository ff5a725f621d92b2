import { describe, expect, it } from 'vitest';
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
});
