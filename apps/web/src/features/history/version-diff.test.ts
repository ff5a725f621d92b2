import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../lib/i18n';
import { contactDto } from '../../test/contact-dto';
import { timeAgo } from './contact-history-time';
import { diffList, versionChanges, type VersionCard } from './version-diff';

/** A contact as a version holds it: Ada Lovelace, with `overrides`. */
const card = (overrides: Partial<VersionCard> = {}): VersionCard => ({
  ...contactDto('a', 'Ada', 'Lovelace'),
  labels: [],
  keepInTouch: { interval: null, lastContactedOn: null },
  ...overrides,
});

const changes = (before: VersionCard | null, after: VersionCard) =>
  versionChanges(before, after, i18n.t);

describe("a contact's History says what each change did, in words", () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says Created for the change that made the contact', () => {
    expect(changes(null, card())).toEqual(['Created']);
  });

  it('names a phone changed by its type, with both numbers as the page shows them', () => {
    const before = card({ phones: [{ value: '+442079460958', type: 'cell' }] });
    const after = card({ phones: [{ value: '+44 20 7946 0000', type: 'cell' }] });
    expect(changes(before, after)).toEqual([
      'Phone · Mobile changed from +44 20 7946 0958 to +44 20 7946 0000',
    ]);
  });

  it('lists values added and removed with their type, and a value that only changed type', () => {
    const before = card({
      emails: [
        { value: 'ada@home.example', type: 'home' },
        { value: 'old@example.com', type: 'other' },
      ],
      addresses: [
        {
          type: 'home',
          street: '12 St James’s Square',
          extended: '',
          poBox: '',
          postalCode: 'SW1Y 4JH',
          locality: 'London',
          region: '',
          country: 'UK',
        },
      ],
    });
    const after = card({
      emails: [
        { value: 'ada@home.example', type: 'work' },
        { value: 'ada@example.com', type: 'work' },
      ],
    });
    expect(changes(before, after)).toEqual([
      'Email ada@home.example changed from Home to Work',
      'Email · Work added: ada@example.com',
      'Email · Other removed: old@example.com',
      'Address · Home removed: 12 St James’s Square, SW1Y 4JH London, UK',
    ]);
  });

  it('says how the name, birthday, note and photo changed', () => {
    const before = card({
      birthday: { day: 10, month: 12, year: 1815 },
      note: 'Met at the Analytical Society',
      photo: { imageId: 'i1', url: '' },
    });
    const after = card({
      familyName: 'Byron',
      birthday: { day: 10, month: 12, year: null },
      note: 'Met at the Royal Society',
      photo: { imageId: 'i2', url: '' },
    });
    expect(changes(before, after)).toEqual([
      'Name changed from Ada Lovelace to Ada Byron',
      'Birthday changed from 10 December 1815 to 10 December',
      'Note changed',
      'Photo changed',
    ]);
  });

  it('says the star, the Trash and the labels given and taken', () => {
    const friends = { id: 'l1', name: 'Friends' };
    const work = { id: 'l2', name: 'Work' };
    const before = card({ labels: [work] });
    const after = card({
      isFavorite: true,
      trashedAt: new Date('2026-11-20T10:00:00Z'),
      labels: [friends],
    });
    expect(changes(before, after)).toEqual([
      'Moved to the Trash',
      'Added to Favorites',
      'Label Friends added',
      'Label Work removed',
    ]);
    expect(changes(after, before)).toEqual([
      'Recovered from the Trash',
      'Removed from Favorites',
      'Label Work added',
      'Label Friends removed',
    ]);
  });

  it('names keep in touch set, changed, turned off and a talk marked', () => {
    const off = card();
    const monthly = card({ keepInTouch: { interval: 'month', lastContactedOn: null } });
    const weekly = card({ keepInTouch: { interval: 'week', lastContactedOn: '2026-11-26' } });
    expect(changes(off, monthly)).toEqual(['Keep in touch set to Every month']);
    expect(changes(monthly, weekly)).toEqual([
      'Keep in touch changed from Every month to Every week',
      'Talked to them on 26 November 2026',
    ]);
    expect(changes(weekly, off)).toEqual(['Keep in touch turned off']);
  });

  it('says a detail not shown changed when nothing the page shows did', () => {
    expect(changes(card(), card())).toEqual(['A detail not shown here changed']);
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('es');
    const before = card({ phones: [{ value: '+442079460958', type: 'cell' }] });
    expect(changes(before, card({ isFavorite: true }))).toEqual([
      'Teléfono · Móvil: se eliminó +44 20 7946 0958',
      'Añadido a Favoritos',
    ]);
    await i18n.changeLanguage('en');
  });
});

describe('diffList', () => {
  const same = (a: { value: string }, b: { value: string }) => a.value === b.value;
  const v = (value: string, type = 'home') => ({ value, type });

  it('pairs a value gone with one come of the same type, in order, as changed', () => {
    const diff = diffList([v('a'), v('b', 'work')], [v('c'), v('b', 'work'), v('d', 'work')], same);
    expect(diff.changed).toEqual([{ before: v('a'), after: v('c') }]);
    expect(diff.added).toEqual([v('d', 'work')]);
    expect(diff.removed).toEqual([]);
    expect(diff.retyped).toEqual([]);
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const ago = (ms: number) => timeAgo(new Date(now - ms), now);

  it('counts down in whole minutes, hours and days, and says now under a minute', async () => {
    await i18n.changeLanguage('en');
    expect(ago(20_000)).toBe('now');
    expect(ago(5 * 60_000 + 59_000)).toBe('5 minutes ago');
    expect(ago(2 * 3_600_000)).toBe('2 hours ago');
    expect(ago(86_400_000)).toBe('yesterday');
    expect(ago(12 * 86_400_000)).toBe('12 days ago');
  });
});
