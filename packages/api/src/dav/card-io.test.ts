import { describe, expect, it } from 'vitest';
import { CardTextCache } from './card-io';

describe('CardTextCache', () => {
  it('gives back what it keeps, and drops the least recently used past its size', () => {
    const cache = new CardTextCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
  });
});
