/**
 * The user pool's password policy, checked wherever Cognito checks it (cognito-local checks none):
 * sign-up, a reset, a change, an administrator's set or temporary password, a new password after a
 * challenge. Refusals are Cognito's InvalidPasswordException with its wording.
 */
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { PasswordPolicyType } from '@aws-sdk/client-cognito-identity-provider';

/** The characters Cognito counts as symbols (and the space). */
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** What is wrong with `password` under `policy`, in Cognito's words, or undefined. */
export function passwordProblem(
  policy: PasswordPolicyType | undefined,
  password: string,
): string | undefined {
  if (password.length < (policy?.MinimumLength ?? 8)) return 'Password not long enough';
  if (policy?.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (policy?.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (policy?.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (policy?.RequireSymbols && !SYMBOLS.test(password)) return 'Password must have symbol characters';
  return undefined;
}

/**
 * Throws Cognito's InvalidPasswordException when `password` breaks the policy. SignUp words it
 * "did not conform with policy"; the other operations "does not conform to policy".
 */
export function assertPasswordConforms(
  policy: PasswordPolicyType | undefined,
  password: string,
  operation: string,
): void {
  const problem = passwordProblem(policy, password);
  if (!problem) return;
  const preamble =
    operation === 'SignUp' ? 'Password did not conform with policy' : 'Password does not conform to policy';
  throw new CognitoError('InvalidPasswordException', `${preamble}: ${problem}`);
}

/** Where each operation carries the password the policy applies to. */
export const PASSWORD_FIELDS: Record<string, string> = {
  SignUp: 'Password',
  ConfirmForgotPassword: 'Password',
  ChangePassword: 'ProposedPassword',
  AdminSetUserPassword: 'Password',
  AdminCreateUser: 'TemporaryPassword',
};
