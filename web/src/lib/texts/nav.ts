/** Texts of the account navigation in the header (in every page's bundle: keep it tiny). */
export const navTexts = {
  label: 'Account', // ours
  dashboard: 'Dashboard',
  signOut: 'Sign Out',
  signIn: 'Sign In',
  signUp: 'Sign Up',
} as const;
