import { describe, expect, it } from 'vitest';
import { colorFor, initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['  cher  ', 'C'],
    ['Mary Ann Evans', 'ME'],
    ['émile zola', 'ÉZ'],
    ['', '?'],
  ])('%j -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  // A lone UTF-16 surrogate: half of a character outside the Basic Multilingual Plane.
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it.each([
    ['👩‍🚀 Ada', '👩‍🚀A'],
    ['Émile Zola', 'ÉZ'],
    ['E\u0301mile Zola', 'E\u0301Z'],
    ['😀', '😀'],
    ['Ada 😀', 'A😀'],
    ['דוד בן גוריון', 'דג'],
  ])('keeps whole characters: %j -> %j', (name, initials) => {
    const result = initialsOf(name);
    expect(result).toBe(initials);
    expect(result).not.toMatch(loneSurrogate);
  });
});

describe('colorFor', () => {
  it('gives the same colour for the same name, whatever the case', () => {
    expect(colorFor('Ada Lovelace')).toBe(colorFor('ada lovelace'));
  });

  it('spreads different names over several colours', () => {
    const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken'];
    expect(new Set(names.map(colorFor)).size).toBeGreaterThan(3);
  });
});
