/**
 * The account forms' rules of the account document (section 5), each checked in the stated order.
 * Every function returns the first error text, or null when the input passes.
 */
import { MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, RESET_CODE_DIGITS } from './constants';
import { accountErrors, resetErrors, setupErrors, signUpErrors, verifyErrors } from '../texts/errors';

/** Something, @, something, dot, something. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (email: string) => EMAIL_SHAPE.test(email.trim());

export interface SignUpForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
}

export function signUpError(form: SignUpForm): string | null {
  const { name, email, password, confirmPassword, inviteCode } = form;
  if ([name, email, password, confirmPassword, inviteCode].some((v) => v.trim() === ''))
    return signUpErrors.allRequired;
  if (name.trim().length < MIN_NAME_LENGTH) return signUpErrors.nameTooShort;
  if (password !== confirmPassword) return signUpErrors.passwordsMismatch;
  if (password.length < MIN_PASSWORD_LENGTH) return signUpErrors.passwordTooShort;
  if (!looksLikeEmail(email)) return signUpErrors.invalidEmail;
  return null;
}

/** The sign-in modal's reset request. */
export const resetRequestError = (email: string): string | null =>
  email.trim() === '' ? resetErrors.emailRequired : null;

/** The sign-in modal's reset completion. */
export function resetCompleteModalError(form: { code: string; password: string; confirmPassword: string }) {
  if (form.code.trim() === '') return resetErrors.codeRequired;
  if (form.password.length < MIN_PASSWORD_LENGTH) return resetErrors.modalPasswordTooShort;
  if (form.password !== form.confirmPassword) return resetErrors.passwordsMismatch;
  return null;
}

const RESET_CODE = new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`);
export const RESET_CODE_TEXT = `The reset code is ${RESET_CODE_DIGITS} digits`; // ours

/** The /reset-password confirm step: all fields required, match, length, 6-digit code. */
export function resetConfirmPageError(form: {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}): string | null {
  if ([form.email, form.code, form.password, form.confirmPassword].some((v) => v.trim() === ''))
    return signUpErrors.allRequired;
  if (form.password !== form.confirmPassword) return resetErrors.passwordsMismatch;
  if (form.password.length < MIN_PASSWORD_LENGTH) return resetErrors.passwordTooShort;
  if (!RESET_CODE.test(form.code.trim())) return RESET_CODE_TEXT;
  return null;
}

export function accountSetupError(form: { password: string; confirmPassword: string }): string | null {
  if (form.password === '' || form.confirmPassword === '') return setupErrors.allFields;
  if (form.password !== form.confirmPassword) return setupErrors.passwordsMismatch;
  if (form.password.length < MIN_PASSWORD_LENGTH) return setupErrors.passwordTooShort;
  return null;
}

export const verifyLinkError = (code: string | null, email: string | null): string | null =>
  code && email ? null : verifyErrors.missingParams;

export const changePasswordError = (form: { newPassword: string; confirmPassword: string }) =>
  form.newPassword !== form.confirmPassword ? accountErrors.passwordsMismatch : null;

export const signInReady = (email: string, password: string) => email.trim() !== '' && password !== '';
