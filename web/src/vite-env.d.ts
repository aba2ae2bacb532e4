/// <reference types="vite/client" />

/**
 * The build-time variables the SPA reads. web/vite.config.ts checks them (web/src/config/env-schema.ts)
 * and fills in defaults, so in the bundle they are always set.
 */
interface ImportMetaEnv {
  /** The seller app's service worker, set by builds only (web/scripts/seller-app.ts). */
  readonly SELLER_APP_WORKER?: string;
  readonly VITE_CAPTCHA_SITE_KEY: string;
  readonly VITE_CAPTCHA_SCRIPT_URL: string;
  readonly VITE_SUPPORT_EMAIL: string;
  readonly VITE_STRIPE_PRICING_TABLE_ID: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY: string;
  readonly VITE_STRIPE_PRICING_TABLE_ID_DARK: string;
  readonly VITE_SANITY_PROJECT_ID: string;
  readonly VITE_SANITY_DATASET: string;
  readonly VITE_SANITY_API_HOST: string;
  readonly VITE_SITE_ORIGIN: string;
  readonly VITE_STAGING_ORIGIN: string;
  readonly VITE_FLAG_FEATURES: 'true' | 'false';
  readonly VITE_FLAG_PRICING: 'true' | 'false';
  readonly VITE_FLAG_APP_STORE_LINKS: 'true' | 'false';
  readonly VITE_FLAG_WAYS_TO_USE: 'true' | 'false';
  readonly VITE_FLAG_WAITING_LIST: 'true' | 'false';
  readonly VITE_FLAG_ALBUMS_AND_ORDERS: 'true' | 'false';
  readonly VITE_APP_STORE_URL: string;
  readonly VITE_PLAY_STORE_URL: string;
  readonly VITE_SUPPORT_PORTAL_URL: string;
  readonly VITE_BILLING_EMAIL: string;
  readonly VITE_GA_MEASUREMENT_ID: string;
  readonly VITE_META_PIXEL_ID: string;
  /** The footer's company details (web/src/config/company.ts), required by a build. */
  readonly VITE_COMPANY_LEGAL_NAME: string;
  readonly VITE_COMPANY_REGISTRATION: string;
  /** Address lines separated by '|'; empty: no address (dev server and tests only). */
  readonly VITE_COMPANY_ADDRESS: string;
  /** 'Name=https://…' entries separated by '|'; empty: no social links. */
  readonly VITE_COMPANY_SOCIAL_LINKS: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
