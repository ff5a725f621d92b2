import { messages } from '@kith/validators';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';

/** A text's placeholders (`{{count}}`, `{{count, number}}` with its format) and tags, sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\w+(?:, *\w+)?\}\}|<\w+>/g)].map((m) => m[0]).sort();
/** The key a plural form translates: `{{count}} contacts deleted_one` -> its base text. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('message catalogue', () => {
  it('has a Spanish translation for every key, keeping its placeholders and tags', () => {
    const entries = Object.entries(es as Record<string, string>);
    expect(entries.length).toBeGreaterThan(400);
    for (const [key, value] of entries) {
      expect(value, key).not.toBe('');
      // A singular may say its one without the number ("El otro contacto va..."), as English does.
      const wanted = placeholders(baseKey(key)).filter(
        (p) => !(key.endsWith('_one') && /^\{\{count\b/.test(p)),
      );
      expect(
        placeholders(value).filter((p) => !(key.endsWith('_one') && /^\{\{count\b/.test(p))),
        key,
      ).toEqual(wanted);
    }
  });

  it('holds the same keys for English and Spanish, but for plural forms Spanish has more of', () => {
    const english = new Set(Object.keys(en).map(baseKey));
    const spanish = new Set(Object.keys(es).map(baseKey));
    expect([...spanish].sort()).toEqual([...english].sort());
  });

  it('translates every message the shared validators can show', () => {
    const all = Object.values(messages).flatMap((group) => Object.values(group));
    for (const message of all)
      expect((es as Record<string, string>)[message], message).toBeTruthy();
  });

  it('gives English its plural forms, and leaves other English values to the key (the product text itself)', () => {
    expect((en as Record<string, string>)['{{count}} other sessions were signed out._one']).toBe(
      '{{count}} other session was signed out.',
    );
    const nonPlural = Object.entries(en as Record<string, string>).filter(
      ([key]) => baseKey(key) === key,
    );
    expect(nonPlural.every(([, value]) => value === '')).toBe(true);
  });
});
