import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from './i18n';
import { errorMessage, RouteError } from './notify';

describe('errorMessage', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates the wait of a spent budget with its number, in both languages', async () => {
    const spent = (wait: string) =>
      new RouteError(429, `Too many attempts. Please wait ${wait} and try again.`);
    await i18n.changeLanguage('es');
    expect(errorMessage(spent('14 minutes'))).toBe(
      'Demasiados intentos. Espera 14 minutos y vuelve a intentarlo.',
    );
    expect(errorMessage(spent('1 minute'))).toBe(
      'Demasiados intentos. Espera 1 minuto y vuelve a intentarlo.',
    );
    expect(errorMessage(spent('42 seconds'))).toBe(
      'Demasiados intentos. Espera 42 segundos y vuelve a intentarlo.',
    );
    await i18n.changeLanguage('en');
    expect(errorMessage(spent('1 minute'))).toBe(
      'Too many attempts. Please wait 1 minute and try again.',
    );
    expect(errorMessage(spent('15 minutes'))).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
  });
});
