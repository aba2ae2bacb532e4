/** Texts of our app-store badges (home hero, features page); all ours. */
export const appStoreTexts = {
  label: 'Get the app',
  appStore: 'Download Shutterlane on the App Store',
  playStore: 'Get Shutterlane on Google Play',
} as const;
