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
