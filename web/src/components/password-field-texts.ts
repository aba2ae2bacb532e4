/** Labels of the password fields (form-field.tsx), used by every screen that asks for one (ours). */
export const passwordFieldTexts = {
  password: 'Password', // ours
  confirmPassword: 'Confirm password', // ours
  showPassword: 'Show password', // ours
  hidePassword: 'Hide password', // ours
  newPassword: 'New password', // ours
  confirmNewPassword: 'Confirm new password', // ours
} as const;
