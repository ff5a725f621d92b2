import { describe, expect, it } from 'vitest';
import { emailValueInput, isContactEmail } from './contacts';
import { emailAddress } from './auth';
import { legacyContactCreateInput } from './legacy-contact';

// A contact's emails (docs/product/validation.md#a-contacts-emails): internationalised
// addresses (RFC 6531) are emails; what is not an address is still refused.

const parse = (value: string) => emailValueInput.safeParse({ value, type: '' });

describe("a contact's email", () => {
  it('accepts letters beyond ASCII in the local part and the domain, lowercased', () => {
    for (const value of [
      'émile.rossi@exemple.fr',
      'jörg@müller.de',
      '用户@例子.广告',
      'аня@пример.рф',
      'ada+kith@example.co.uk',
      "o'brien@example.ie",
      'x@xn--80akhbyknj4f.xn--p1ai',
    ]) {
      expect(isContactEmail(value), value).toBe(true);
    }
    expect(parse('  Émile.Rossi@Exemple.fr ')).toMatchObject({
      success: true,
      data: { value: 'émile.rossi@exemple.fr' },
    });
  });

  it('refuses what is not an address', () => {
    for (const value of [
      'émile',
      'émile@',
      '@exemple.fr',
      'émile rossi@exemple.fr',
      'émile@@exemple.fr',
      'émile@exemple',
      '.émile@exemple.fr',
      'émile.@exemple.fr',
      'émile..rossi@exemple.fr',
      'émile@-exemple.fr',
      'émile@exemple..fr',
      'émile@exemple.f',
      '"émile"@exemple.fr',
      `${'é'.repeat(65)}@exemple.fr`,
      'nadia chez exemple.fr',
    ]) {
      expect(isContactEmail(value), value).toBe(false);
    }
    expect(parse('émile@').success).toBe(false);
  });

  it('leaves the account email rule as it was: ASCII only', () => {
    expect(emailAddress.safeParse('emile.rossi@exemple.fr').success).toBe(true);
    expect(emailAddress.safeParse('émile.rossi@exemple.fr').success).toBe(false);
  });
});

describe('the legacy /api/v1 contact email', () => {
  const legacy = (email: string) =>
    legacyContactCreateInput.safeParse({
      firstName: 'Émile',
      lastName: 'Rossi',
      phone: '1',
      email,
    });

  it('takes the same addresses as the card, and refuses the same non-addresses', () => {
    expect(legacy('émile.rossi@exemple.fr')).toMatchObject({
      success: true,
      data: { email: 'émile.rossi@exemple.fr' },
    });
    expect(legacy('luc.@exemple.fr').success).toBe(false);
    expect(legacy('not an address').success).toBe(false);
  });
});
