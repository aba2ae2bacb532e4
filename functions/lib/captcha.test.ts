import { describe, expect, it } from 'vitest';
import { captchaRefusal } from './captcha';

const policy = { action: 'public_order_check', minScore: 0.5, hostnames: ['localhost', 'shutterlane.com'] };
const good = { success: true, score: 0.9, action: 'public_order_check', hostname: 'localhost' };

describe('captchaRefusal', () => {
  it('passes a successful token for the right action, host and score', () => {
    expect(captchaRefusal(good, policy)).toBeNull();
    expect(captchaRefusal({ ...good, score: 0.5 }, policy)).toBeNull();
  });

  it('refuses an unsuccessful answer, naming the error codes', () => {
    expect(captchaRefusal({ success: false, 'error-codes': ['timeout-or-duplicate'] }, policy)).toMatch(
      /timeout-or-duplicate/,
    );
  });

  it('refuses another action, an unknown host and a low score', () => {
    expect(captchaRefusal({ ...good, action: 'signup' }, policy)).toMatch(/action/);
    expect(captchaRefusal({ ...good, hostname: 'evil.example' }, policy)).toMatch(/hostname/);
    expect(captchaRefusal({ ...good, hostname: undefined }, policy)).toMatch(/hostname/);
    expect(captchaRefusal({ ...good, score: 0.49 }, policy)).toMatch(/score/);
    expect(captchaRefusal({ ...good, score: undefined }, policy)).toMatch(/score/);
  });
});
