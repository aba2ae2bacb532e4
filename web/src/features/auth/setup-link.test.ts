import { describe, expect, it } from 'vitest';
import { readSetupLink } from './setup-link';

describe('readSetupLink', () => {
  it('reads email and a code with URL-special characters', () => {
    expect(readSetupLink('https://x.test/account-setup?email=a%40b.co&code=Ab1&c+d%#e')).toEqual({
      email: 'a@b.co',
      code: 'Ab1&c+d%#e',
    });
  });
  it('refuses a link without a valid email or a code', () => {
    expect(readSetupLink('https://x.test/account-setup?email=a%40b.co')).toBeNull();
    expect(readSetupLink('https://x.test/account-setup?email=nope&code=1')).toBeNull();
    expect(readSetupLink('https://x.test/account-setup?code=1')).toBeNull();
  });
});
