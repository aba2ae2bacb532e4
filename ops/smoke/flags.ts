/** The command line of `npm run smoke`: what a deployment's smoke test needs to know. */
import { httpsUrlFlag, UsageError } from '../cli';
import { parseArgs } from 'node:util';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * How the customer journeys get past the site's reCAPTCHA v3 check. Nothing is done in the browser
 * either way: the flag says which kind of key the deployment runs, so the smoke knows whether a
 * headless browser can be expected to pass.
 * - `test-key`: a staging deployment with a reCAPTCHA v3 key kept for testing and
 *   `captchaMinScore=0`, so any token for the right action and host name passes.
 * - `live-key`: the production key, which rightly scores a headless browser as a bot; the customer
 *   journeys are reported as skipped rather than failing for the wrong reason.
 */
export type HumanCheck = 'test-key' | 'live-key';
export const HUMAN_CHECKS: readonly HumanCheck[] = ['test-key', 'live-key'];

export interface SmokeOptions {
  /** The site's origin, e.g. `https://staging.shutterlane.com`. */
  appUrl: string;
  seller: Credentials;
  /** A seller who can take card payments; the same as `seller` unless given. */
  paidSeller: Credentials;
  /** Where a paid order's customer must land: Stripe's hosted checkout (the emulator's locally). */
  checkoutOrigin: string;
  humanCheck: HumanCheck;
  /** The address the free order's customer gives (the order's confirmation email goes there). */
  customerEmail: string;
  chromiumPath: string;
  /** Added to the fixed flags, e.g. `--ignore-certificate-errors-spki-list=...` locally. */
  chromiumFlags: string[];
  /** The longest any one step may take. */
  stepTimeoutMs: number;
}

export const DEFAULT_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';
/**
 * Amazon SES's mailbox simulator: accepted, delivered nowhere, and kept out of the account's bounce
 * and complaint rates (in the SES sandbox too), so a smoke run never hurts the sender's reputation.
 */
export const DEFAULT_CUSTOMER_EMAIL = 'success@simulator.amazonses.com';
export { DEFAULT_CHROMIUM_PATH } from '../chromium';
import { DEFAULT_CHROMIUM_PATH } from '../chromium';
export const DEFAULT_STEP_TIMEOUT_SECONDS = 60;
const MAX_STEP_TIMEOUT_SECONDS = 600;

export const USAGE = `Usage: npm run smoke -- --app-url https://<site> --seller-email <email> [options]

Walks a running deployment through its public URLs in headless Chromium: a seller signs in, creates a
gallery "Smoke test <time>", uploads a photo, sees its thumbnail, creates a free order and sees its link
and QR code; a customer opens it in a fresh browser, gives an email and sees the photo; a seller who can
take payments creates a paid order, and a customer opening it lands on Stripe's checkout page (nothing
is paid). One line per step, then PASS or FAIL. Exit code 0 (pass), 1 (fail) or 2 (bad usage).

  --app-url URL                 the site (https; http only for localhost)                  required
  --seller-email EMAIL          a seller's sign-in                                          required
  --seller-password PASSWORD    its password; else the SMOKE_SELLER_PASSWORD variable       required
  --paid-seller-email EMAIL     a seller who can take payments            default: the seller
  --paid-seller-password PASS   its password; else SMOKE_PAID_SELLER_PASSWORD; not needed for the seller
  --checkout-origin URL         Stripe's checkout origin                  default: ${DEFAULT_CHECKOUT_ORIGIN}
  --human-check test-key|live-key
                                test-key: the site runs a reCAPTCHA v3 key kept for testing, deployed with
                                captchaMinScore=0 (staging); live-key: the production key, which scores a
                                headless browser as a bot, so the customer journeys are skipped and said so
                                                                          default: test-key
  --customer-email EMAIL        the free order's customer                 default: ${DEFAULT_CUSTOMER_EMAIL}
  --chromium PATH               Chromium            default: the CHROMIUM_PATH variable, else ${DEFAULT_CHROMIUM_PATH}
  --chromium-flag=FLAG          an extra Chromium flag (repeatable; write it with '=')
  --timeout SECONDS             the longest one step may take             default: ${DEFAULT_STEP_TIMEOUT_SECONDS}

Leaves behind, per run: a gallery "Smoke test <time>" with one photo, a fulfilled free order and an
unpaid paid order (orders cannot be deleted while customers can open them: they expire after 30 days,
after which the gallery can be deleted), and one upload counted against each seller's monthly limit.`;

export { UsageError };

/** A site or Stripe origin: https, or http on this machine (the local stack). */
export const checkOrigin = (value: string, flag: string): string => {
  const url = httpsUrlFlag(value, flag);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '')
    throw new UsageError(`${flag} takes an origin only, no path, query or fragment: ${value}`);
  return url.origin;
};

const checkEmail = (value: string, flag: string): string => {
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new UsageError(`${flag} is not an email address: ${value}`);
  return value;
};

const checkTimeout = (value: string | undefined): number => {
  if (value === undefined) return DEFAULT_STEP_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_STEP_TIMEOUT_SECONDS)
    throw new UsageError(
      `--timeout must be a number of seconds from 1 to ${MAX_STEP_TIMEOUT_SECONDS}: ${value}`,
    );
  return Math.round(seconds * 1000);
};

const checkHumanCheck = (value: string | undefined): HumanCheck => {
  if (value === undefined) return 'test-key';
  const known = HUMAN_CHECKS.find((check) => check === value);
  if (!known) throw new UsageError(`--human-check must be ${HUMAN_CHECKS.join(' or ')}: ${value}`);
  return known;
};

const checkChromiumFlag = (flag: string): string => {
  if (!flag.startsWith('--')) throw new UsageError(`--chromium-flag takes a flag such as --foo=bar: ${flag}`);
  return flag;
};

type Environment = Readonly<Record<string, string | undefined>>;

interface SellerValues {
  'seller-email'?: string | undefined;
  'seller-password'?: string | undefined;
  'paid-seller-email'?: string | undefined;
  'paid-seller-password'?: string | undefined;
}

/**
 * The seller, and the seller who takes payments: the same one unless another email is given, which
 * then needs its own password (a password flag or variable on its own would be a mistake).
 */
export const sellersFrom = (
  values: SellerValues,
  env: Environment,
): Pick<SmokeOptions, 'seller' | 'paidSeller'> => {
  if (values['seller-email'] === undefined) throw new UsageError('--seller-email is required');
  const password = values['seller-password'] ?? env.SMOKE_SELLER_PASSWORD;
  if (!password) throw new UsageError('--seller-password (or SMOKE_SELLER_PASSWORD) is required');
  const seller = { email: checkEmail(values['seller-email'], '--seller-email'), password };
  const paidEmail = values['paid-seller-email'];
  const paidPassword = values['paid-seller-password'] ?? env.SMOKE_PAID_SELLER_PASSWORD;
  if (paidEmail === undefined) {
    if (values['paid-seller-password'] !== undefined)
      throw new UsageError('--paid-seller-password needs --paid-seller-email');
    return { seller, paidSeller: seller };
  }
  checkEmail(paidEmail, '--paid-seller-email');
  if (paidEmail.toLowerCase() === seller.email.toLowerCase())
    return { seller, paidSeller: { email: paidEmail, password: paidPassword ?? seller.password } };
  if (!paidPassword)
    throw new UsageError(
      '--paid-seller-password (or SMOKE_PAID_SELLER_PASSWORD) is required for another paid seller',
    );
  return { seller, paidSeller: { email: paidEmail, password: paidPassword } };
};

const parse = (argv: readonly string[]) => {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        'app-url': { type: 'string' },
        'seller-email': { type: 'string' },
        'seller-password': { type: 'string' },
        'paid-seller-email': { type: 'string' },
        'paid-seller-password': { type: 'string' },
        'checkout-origin': { type: 'string' },
        'human-check': { type: 'string' },
        'customer-email': { type: 'string' },
        chromium: { type: 'string' },
        'chromium-flag': { type: 'string', multiple: true },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
};

/** Undefined when help was asked for; a UsageError when the command line is wrong. */
export const parseSmokeFlags = (argv: readonly string[], env: Environment): SmokeOptions | undefined => {
  const values = parse(argv);
  if (values.help) return undefined;
  if (values['app-url'] === undefined) throw new UsageError('--app-url is required');
  return {
    appUrl: checkOrigin(values['app-url'], '--app-url'),
    ...sellersFrom(values, env),
    checkoutOrigin: checkOrigin(values['checkout-origin'] ?? DEFAULT_CHECKOUT_ORIGIN, '--checkout-origin'),
    humanCheck: checkHumanCheck(values['human-check']),
    customerEmail: checkEmail(values['customer-email'] ?? DEFAULT_CUSTOMER_EMAIL, '--customer-email'),
    chromiumPath: values.chromium ?? env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH,
    chromiumFlags: (values['chromium-flag'] ?? []).map(checkChromiumFlag),
    stepTimeoutMs: checkTimeout(values.timeout),
  };
};
