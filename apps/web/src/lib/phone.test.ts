import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone, phoneRegion, telHref } from './phone';

describe('phone numbers are read in the person’s region', () => {
  it('takes the region from the browser language, and none from a bare language', () => {
    expect(phoneRegion('en-GB')).toBe('GB');
    expect(phoneRegion('es-ES')).toBe('ES');
    expect(phoneRegion('es')).toBeUndefined();
    expect(phoneRegion('es-419')).toBeUndefined();
    expect(phoneRegion('')).toBeUndefined();
  });

  it('dials "+44 (0)20 7946 0958" without the trunk 0', () => {
    expect(telHref('+44 (0)20 7946 0958', undefined)).toBe('tel:+442079460958');
    expect(telHref('020 7946 0958', 'GB')).toBe('tel:+442079460958');
    expect(telHref('+1 415 555 2671 ext. 12', 'GB')).toBe('tel:+14155552671;ext=12');
  });

  it('shows a number of the person’s country nationally, others internationally', () => {
    expect(formatPhone('+44 (0)20 7946 0958', 'GB')).toBe('020 7946 0958');
    expect(formatPhone('+442079460958', 'ES')).toBe('+44 20 7946 0958');
    expect(formatPhone('+442079460958', undefined)).toBe('+44 20 7946 0958');
  });

  it('leaves text that is not a possible number as it was typed', () => {
    expect(parsePhone('call me maybe', 'GB')).toBeUndefined();
    expect(parsePhone('123', 'GB')).toBeUndefined();
    expect(parsePhone('020 7946 0958', undefined)).toBeUndefined();
    expect(formatPhone('ask reception', 'GB')).toBe('ask reception');
    expect(telHref('555-0101 (desk)', undefined)).toBe('tel:5550101');
    expect(telHref('ask reception', 'GB')).toBeNull();
  });
});
