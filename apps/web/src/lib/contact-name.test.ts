import { afterEach, describe, expect, it } from 'vitest';
import { shownName } from './contact-name';
import { i18n } from './i18n';

describe('shownName: the API’s stand-in name in the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says "Sin nombre" on the Spanish interface and leaves real names alone', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.t.bind(i18n) as (key: string) => string;
    expect(shownName('No name', t)).toBe('Sin nombre');
    expect(shownName('Ada Lovelace', t)).toBe('Ada Lovelace');
  });
});
