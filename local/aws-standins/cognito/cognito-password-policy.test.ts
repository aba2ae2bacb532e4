import { describe, expect, it } from 'vitest';
import { assertPasswordConforms, passwordProblem } from './cognito-password-policy';

const strict = {
  MinimumLength: 8,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
};

describe('password policy', () => {
  it('names the first rule a password breaks, in Cognito’s words', () => {
    expect(passwordProblem(strict, 'Aa1!')).toBe('Password not long enough');
    expect(passwordProblem(strict, 'AAAAAAA1!')).toBe('Password must have lowercase characters');
    expect(passwordProblem(strict, 'aaaaaaa1!')).toBe('Password must have uppercase characters');
    expect(passwordProblem(strict, 'Aaaaaaaa!')).toBe('Password must have numeric characters');
    expect(passwordProblem(strict, 'Aaaaaaaa1')).toBe('Password must have symbol characters');
    expect(passwordProblem(strict, 'Aaaaaaa1 ')).toBeUndefined();
    expect(passwordProblem(strict, 'Correct-horse-9')).toBeUndefined();
  });

  it('asks only for the length when nothing else is required (the product’s policy)', () => {
    const lengthOnly = { MinimumLength: 8, RequireLowercase: false, RequireUppercase: false };
    expect(passwordProblem(lengthOnly, 'abcdefgh')).toBeUndefined();
    expect(passwordProblem(lengthOnly, 'abcdefg')).toBe('Password not long enough');
  });

  it('words SignUp’s refusal apart from the other operations’', () => {
    expect(() => assertPasswordConforms(strict, 'short', 'SignUp')).toThrow(
      'Password did not conform with policy: Password not long enough',
    );
    expect(() => assertPasswordConforms(strict, 'short', 'ChangePassword')).toThrow(
      'Password does not conform to policy: Password not long enough',
    );
    expect(() => assertPasswordConforms(strict, 'Correct-horse-9', 'SignUp')).not.toThrow();
  });
});
