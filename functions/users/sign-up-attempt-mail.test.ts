import { describe, expect, it } from 'vitest';
import { SIGN_UP_ATTEMPT_SUBJECT, signUpAttemptEmail } from './sign-up-attempt-mail';

const input = {
  email: 'ada+shop@example.com',
  name: 'Ada <Lovelace>',
  appUrl: 'https://shutterlane.example/',
  supportEmail: 'support@shutterlane.example',
};

describe('signUpAttemptEmail', () => {
  it('tells the holder what happened, that nothing changed, and where to sign in or reset', () => {
    const mail = signUpAttemptEmail(input);
    expect(mail.to).toBe('ada+shop@example.com');
    expect(mail.subject).toBe(SIGN_UP_ATTEMPT_SUBJECT);
    expect(mail.subject).toBe('Someone tried to sign up to Shutterlane with your email address');
    expect(mail.text).toBe(
      [
        'Hello Ada <Lovelace>,',
        '',
        'Someone, perhaps you, just tried to create a new Shutterlane account with this email address (ada+shop@example.com). You already have an account with it, so no new account was created and nothing about your account has changed.',
        '',
        'If it was you, sign in to the account you already have:',
        'https://shutterlane.example/signin?email=ada%2Bshop%40example.com',
        '',
        'Forgotten your password? Choose a new one:',
        'https://shutterlane.example/reset-password',
        '',
        'If it was not you, you can ignore this email: nobody can use your account without your password. Questions? Write to support@shutterlane.example.',
        '',
        'Shutterlane',
      ].join('\n'),
    );
  });

  it('links the same places in HTML, with every value escaped', () => {
    const { html } = signUpAttemptEmail(input);
    expect(html).toContain('<p>Hello Ada &lt;Lovelace&gt;,</p>');
    expect(html).not.toContain('<Lovelace>');
    expect(html).toContain(
      '<a href="https://shutterlane.example/signin?email=ada%2Bshop%40example.com">Sign In</a>',
    );
    expect(html).toContain('<a href="https://shutterlane.example/reset-password">Reset Password</a>');
  });

  it('greets without a name when the account has none', () => {
    expect(signUpAttemptEmail({ ...input, name: '  ' }).text.split('\n')[0]).toBe('Hello,');
    const { name: _omitted, ...nameless } = input;
    expect(signUpAttemptEmail(nameless).text.split('\n')[0]).toBe('Hello,');
  });
});
