import { describe, expect, it } from 'vitest';
import { orderErrors } from '../texts/errors';
import { orderEmailError } from './email';

describe('orderEmailError', () => {
  it.each(['a@b.co', 'someone@example.com', ' padded@example.com ', '@'])('accepts %j', (email) => {
    expect(orderEmailError(email)).toBeNull();
  });

  it.each(['', '   ', 'no-at-sign', 'example.com'])('rejects %j with the spec text', (email) => {
    expect(orderEmailError(email)).toBe('Please enter a valid email address');
    expect(orderEmailError(email)).toBe(orderErrors.invalidEmail);
  });
});
