/** Texts of the navigation bar (public document, section 2 "Global chrome"). */
export const navTexts = {
  label: 'Main', // ours
  features: 'Features',
  pricing: 'Pricing',
  insights: 'Insights',
  appAndFeatures: 'App & Features',
  support: 'Support',
  dashboard: 'Dashboard',
  signOut: 'Sign Out',
  signIn: 'Sign In',
  menu: 'Menu', // ours
  openMenu: 'Open menu', // ours
  closeMenu: 'Close menu', // ours
  switchToDark: 'Switch to dark mode', // ours
  switchToLight: 'Switch to light mode', // ours
} as const;
