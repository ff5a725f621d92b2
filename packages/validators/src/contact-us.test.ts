import { describe, expect, it } from 'vitest';
import { contactUsInput } from './contact-us';

describe('contactUsInput', () => {
  const filled = { name: 'Ada', email: 'ada@example.com', subject: 'bug', message: 'Hello' };

  it('accepts a filled form', () => {
    expect(contactUsInput.safeParse(filled).success).toBe(true);
  });

  it.each(['name', 'email', 'subject', 'message'] as const)(
    'refuses the form when %s is empty',
    (field) => {
      const result = contactUsInput.safeParse({ ...filled, [field]: '' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    },
  );

  it('refuses a subject the form does not offer', () => {
    expect(contactUsInput.safeParse({ ...filled, subject: 'sales' }).success).toBe(false);
  });
});
