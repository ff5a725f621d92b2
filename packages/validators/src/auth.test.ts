import { describe, expect, it } from 'vitest';
import { loginInput, signupInput } from './auth';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('signupInput', () => {
  it('normalises the email a person typed', () => {
    const parsed = signupInput.parse({
      name: 'Ada',
      email: '  Ada@Example.COM ',
      password: 'abcdef',
    });
    expect(parsed.email).toBe('ada@example.com');
  });

  it('answers with the sign-up and login messages', () => {
    expect(
      firstMessage(signupInput.safeParse({ name: ' ', email: 'a@b.co', password: 'abcdef' })),
    ).toBe('Name is required');
    expect(
      firstMessage(signupInput.safeParse({ name: 'A', email: 'nope', password: 'abcdef' })),
    ).toBe('Invalid email address');
    expect(
      firstMessage(signupInput.safeParse({ name: 'A', email: 'a@b.co', password: 'abc' })),
    ).toBe('Password must be at least 6 characters');
  });
});

describe('loginInput', () => {
  it('accepts a six-character password and refuses five', () => {
    expect(loginInput.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(loginInput.safeParse({ email: 'a@b.co', password: '12345' }).success).toBe(false);
  });
});
