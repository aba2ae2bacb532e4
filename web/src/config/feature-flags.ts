/**
 * Feature flags from build configuration (VITE_FLAG_*), with the spec's defaults applied by
 * web/vite.config.ts: features, pricing and app-store links shown; ways-to-use, waiting list and
 * albums-and-orders hidden (public document, section 2 "Global chrome").
 */
export interface FeatureFlags {
  features: boolean;
  pricing: boolean;
  appStoreLinks: boolean;
  waysToUse: boolean;
  waitingList: boolean;
  albumsAndOrders: boolean;
}

export function featureFlags(): FeatureFlags {
  return {
    features: import.meta.env.VITE_FLAG_FEATURES === 'true',
    pricing: import.meta.env.VITE_FLAG_PRICING === 'true',
    appStoreLinks: import.meta.env.VITE_FLAG_APP_STORE_LINKS === 'true',
    waysToUse: import.meta.env.VITE_FLAG_WAYS_TO_USE === 'true',
    waitingList: import.meta.env.VITE_FLAG_WAITING_LIST === 'true',
    albumsAndOrders: import.meta.env.VITE_FLAG_ALBUMS_AND_ORDERS === 'true',
  };
}

export interface CallToAction {
  label: 'Get Started' | 'Join Waitlist';
  to: '/pricing' | '/register-interest';
}

/** 'Get Started' to /pricing when pricing is shown, otherwise 'Join Waitlist' to /register-interest. */
export function primaryCallToAction(flags: Pick<FeatureFlags, 'pricing'>): CallToAction {
  return flags.pricing
    ? { label: 'Get Started', to: '/pricing' }
    : { label: 'Join Waitlist', to: '/register-interest' };
}
