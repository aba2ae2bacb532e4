import { describe, expect, it } from 'vitest';
import { CodeBook, codeLogLine, codeMail, type CodeDelivery } from './cognito-codes';

const delivery = (overrides: Partial<CodeDelivery> = {}): CodeDelivery => ({
  source: 'SignUp',
  destination: 'Ann@Example.com',
  medium: 'EMAIL',
  username: 'c0ffee-sub',
  code: '123456',
  userPoolId: 'eu-west-2_shutterlane',
  clientId: 'client',
  ...overrides,
});

describe('CodeBook', () => {
  it('keeps the latest code per address, case-insensitively', () => {
    const book = new CodeBook();
    expect(book.lastCode('ann@example.com')).toBeUndefined();
    book.record(delivery());
    book.record(delivery({ source: 'ResendCode', code: '654321' }));
    book.record(delivery({ destination: 'bob@example.com', code: '111111' }));
    expect(book.lastCode('ann@example.com')).toBe('654321');
    expect(book.lastDelivery('ANN@example.com')?.source).toBe('ResendCode');
    expect(book.lastCode('bob@example.com')).toBe('111111');
  });
});

describe('codeMail', () => {
  it('writes the verification mail to the address the code went to', () => {
    expect(codeMail(delivery())).toEqual({
      from: 'no-reply@verificationemail.com',
      to: ['Ann@Example.com'],
      subject: 'Your verification code',
      text: 'Your verification code is 123456',
    });
  });

  it('says "password reset" for a forgotten password', () => {
    const mail = codeMail(delivery({ source: 'ForgotPassword' }), 'auth@shutterlane.test');
    expect(mail).toMatchObject({ from: 'auth@shutterlane.test', subject: 'Your password reset code' });
    expect(mail.text).toBe('Your password reset code is 123456');
  });

  it('prints one line with the code', () => {
    expect(codeLogLine(delivery())).toBe('[cognito] SignUp code for Ann@Example.com: 123456');
  });
});
