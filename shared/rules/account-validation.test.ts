import { describe, expect, it } from 'vitest';
import {
  accountSetupError,
  changePasswordError,
  resetCompleteModalError,
  resetConfirmPageError,
  resetRequestError,
  signInReady,
  signUpError,
  verifyLinkError,
} from './account-validation';

const good = {
  name: 'Ada',
  email: 'ada@example.com',
  password: 'long-enough',
  confirmPassword: 'long-enough',
  inviteCode: 'INV-1',
};

describe('sign-up rules, in the order of section 5', () => {
  it('1. every field is required', () => {
    for (const field of Object.keys(good)) {
      expect(signUpError({ ...good, [field]: ' ' })).toBe('All required fields must be filled out');
    }
  });
  it('2. name of at least 2 characters, before the password checks', () => {
    expect(signUpError({ ...good, name: 'A', confirmPassword: 'other' })).toBe(
      'Name must be at least 2 characters long',
    );
  });
  it('3. passwords match, before their length', () => {
    expect(signUpError({ ...good, password: 'short', confirmPassword: 'shorter' })).toBe(
      'Passwords do not match',
    );
  });
  it('4. password of at least 8 characters, before the email shape', () => {
    expect(signUpError({ ...good, password: 'short', confirmPassword: 'short', email: 'bad' })).toBe(
      'Password must be at least 8 characters long',
    );
  });
  it('5. email looks like an address', () => {
    for (const email of ['ada', 'ada@example', '@example.com', 'ada@.com x']) {
      expect(signUpError({ ...good, email })).toBe('Please enter a valid email address');
    }
  });
  it('passes a complete form', () => {
    expect(signUpError(good)).toBeNull();
  });
});

describe('reset rules', () => {
  it('the modal request needs an email', () => {
    expect(resetRequestError(' ')).toBe('Please enter your email address');
    expect(resetRequestError('a@b.co')).toBeNull();
  });
  it('the modal completion: code, then length, then match', () => {
    expect(resetCompleteModalError({ code: '', password: 'x', confirmPassword: 'y' })).toBe(
      'Please enter the reset code',
    );
    expect(resetCompleteModalError({ code: '123456', password: 'short', confirmPassword: 'other' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(
      resetCompleteModalError({ code: '123456', password: 'long-enough', confirmPassword: 'other-one' }),
    ).toBe('Passwords do not match');
    expect(
      resetCompleteModalError({ code: '123456', password: 'long-enough', confirmPassword: 'long-enough' }),
    ).toBeNull();
  });
  it('the page confirmation: required, match, length, 6-digit code', () => {
    const form = { email: 'a@b.co', code: '123456', password: 'long-enough', confirmPassword: 'long-enough' };
    expect(resetConfirmPageError({ ...form, code: '' })).toBe('All required fields must be filled out');
    expect(resetConfirmPageError({ ...form, password: 'short', confirmPassword: 'other' })).toBe(
      'Passwords do not match',
    );
    expect(resetConfirmPageError({ ...form, password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(resetConfirmPageError({ ...form, code: '12345' })).toBe('The reset code is 6 digits');
    expect(resetConfirmPageError(form)).toBeNull();
  });
});

describe('setup, verify, change password and sign-in rules', () => {
  it('account setup: both fields, match, length', () => {
    expect(accountSetupError({ password: '', confirmPassword: 'x' })).toBe('Please fill in all fields');
    expect(accountSetupError({ password: 'short', confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(accountSetupError({ password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(accountSetupError({ password: 'long-enough', confirmPassword: 'long-enough' })).toBeNull();
  });
  it('verify needs both code and email', () => {
    expect(verifyLinkError(null, 'a@b.co')).toBe('Verification code or email is missing from the link.');
    expect(verifyLinkError('123', '')).toBe('Verification code or email is missing from the link.');
    expect(verifyLinkError('123', 'a@b.co')).toBeNull();
  });
  it('change password needs matching new passwords', () => {
    expect(changePasswordError({ newPassword: 'a', confirmPassword: 'b' })).toBe(
      'New passwords do not match.',
    );
    expect(changePasswordError({ newPassword: 'a', confirmPassword: 'a' })).toBeNull();
  });
  it('sign-in needs an email and a password', () => {
    expect(signInReady('', 'x')).toBe(false);
    expect(signInReady('a@b.co', '')).toBe(false);
    expect(signInReady('a@b.co', 'x')).toBe(true);
  });
});
