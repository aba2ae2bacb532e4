/**
 * Deployment settings, read once from CDK context (`-c key=value` or cdk.json) or, for CI, from a
 * `SHUTTERLANE_<KEY>` environment variable. Nothing here is a secret: secrets are named (Secrets
 * Manager secret names) and the functions read their values at run time, so no value enters a template
 * or a function's configuration.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Node } from 'constructs';
import { CAPTCHA_DEFAULT_MIN_SCORE } from '#shared/rules/constants';
import { readRouteThrottles, type RouteThrottles } from './route-throttles';

export interface SecretNames {
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** The Connect endpoint's signing secret (connected accounts' events, e.g. account.updated). */
  stripeConnectWebhookSecret: string;
  captchaSecret: string;
  /** Unset: the data stack generates the paging-token secret itself. */
  pagingTokenSecret?: string;
  /** The value CloudFront sends the API in X-Origin-Verify; unset: the API stack generates it. */
  originVerifySecret?: string;
}

/**
 * Per-IP request limits of the web ACL's rate-based rules, per RATE_WINDOW_SECONDS (WAF counts each
 * client address over that window and blocks it while over the limit). See RATE_LIMIT_DEFAULTS.
 */
export interface RateLimits {
  /**
   * Every request to the site (pages, API) except Stripe's webhook deliveries and what CloudFront serves
   * from its cache: the SPA's hashed assets and the public galleries' previews.
   */
  general: number;
  /**
   * The customers' order calls: `/api/public/*` (public galleries' calls aside) and the order checkout
   * calls (order ids not enumerable).
   */
  orders: number;
  /** The account calls without a session: sign-up, password reset, verification, set-password. */
  accounts: number;
  /** A public gallery's calls: the view and its pages, Find my photos, the order from a pick. */
  galleries: number;
  /** The public galleries' watermarked previews (static files from CloudFront's cache). */
  previews: number;
}

/** WAF's rate-based rules count over 1, 2, 5 or 10 minutes; five keeps short bursts from tripping them. */
export const RATE_WINDOW_SECONDS = 300;

/** WAF's bounds on a rate-based rule's limit. */
export const RATE_LIMIT_BOUNDS = { min: 10, max: 2_000_000_000 } as const;

/**
 * Production limits per client address per five minutes (docs/deploy.md, "Sized for a crowd"). A venue's
 * Wi-Fi or a mobile carrier's NAT puts hundreds of customers behind one address after they scan the same
 * QR code: 2,000 phones opening an event's gallery within the hour are about 500 in the busiest five
 * minutes. Each visit is ~6 page requests (the SPA's hashed assets come from CloudFront's cache and are
 * not counted), ~8 gallery calls (counted by the general rule too) (the view, a few pages, a search, a pick) and ~200 previews; one buyer
 * in ten makes 2-4 order calls. A guesser meets the tight rules: 300 order calls per 5 minutes is one a
 * second against 128-bit ids, and a PIN is guarded per gallery whatever the address (the PIN lock).
 */
export const RATE_LIMIT_DEFAULTS: RateLimits = {
  general: 20_000,
  orders: 300,
  accounts: 100,
  galleries: 10_000,
  previews: 200_000,
};

/**
 * Lambda executions reserved for a function (for it alone, and its ceiling), by function. 0 reserves
 * nothing: the function shares the account's unreserved pool (unlike Lambda's own 0, which stops it).
 */
export interface ReservedConcurrency {
  /** Stripe's webhook: its deliveries are served whatever the other functions do. */
  stripeWebhook: number;
  /** The resize: a burst of uploads waits behind it instead of taking the API's executions. */
  resize: number;
  /** The faces job: indexing a big gallery never takes the API's executions (also its queue's ceiling). */
  faces: number;
}

/**
 * What a new account can deploy: reserve nothing. A new account's concurrency quota is 10 and Lambda
 * keeps 100 executions unreserved whenever any are reserved, so any reservation fails its deploy until
 * the quota is raised (days, through Service Quotas).
 */
export const RESERVED_CONCURRENCY_DEFAULTS: ReservedConcurrency = { stripeWebhook: 0, resize: 0, faces: 0 };

/**
 * Production's reservations (docs/deploy.md): 50 webhook deliveries a second at ~0.3 s need ~15; 20
 * resizes drain thousands of photos within their events' two hours; 10 describe a 20,000-photo gallery
 * in about 35 minutes. With Lambda's 100 unreserved they need a quota of at least 155.
 */
export const RESERVED_CONCURRENCY_PRODUCTION: ReservedConcurrency = {
  stripeWebhook: 25,
  resize: 20,
  faces: 10,
};

/** Executions Lambda keeps unreserved in an account: reservations may take only the quota above this. */
export const LAMBDA_UNRESERVED_MINIMUM = 100;

/** The setting of each function's reservation, e.g. `reservedConcurrencyStripeWebhook`. */
export const RESERVED_CONCURRENCY_KEYS: Record<keyof ReservedConcurrency, string> = {
  stripeWebhook: 'reservedConcurrencyStripeWebhook',
  resize: 'reservedConcurrencyResize',
  faces: 'reservedConcurrencyFaces',
};

/** The settings that reserve these (what a test stack or the local stack passes to synthesis). */
export function reservedConcurrencySettings(reserved: ReservedConcurrency): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(RESERVED_CONCURRENCY_KEYS) as (keyof ReservedConcurrency)[]).map((name) => [
      RESERVED_CONCURRENCY_KEYS[name],
      String(reserved[name]),
    ]),
  );
}

/** The account quota a deploy with these reservations needs (0 when nothing is reserved). */
export function concurrencyQuotaNeeded(reserved: ReservedConcurrency): number {
  const total = Object.values(reserved).reduce((sum, n) => sum + n, 0);
  return total === 0 ? 0 : total + LAMBDA_UNRESERVED_MINIMUM;
}

export interface DeploySettings {
  /** Public host name of the SPA, e.g. `shutterlane.com` (required: every origin check follows it). */
  siteDomain: string;
  /**
   * `https://<siteDomain>`: CORS origin, Cognito callback base, captcha host name, links in emails.
   * `http://` only for a loopback host, which is what the local stack synthesizes with.
   */
  siteUrl: string;
  /** ACM certificate (us-east-1) for `siteDomain`; unset serves the distribution's own domain only. */
  certificateArn?: string;
  supportEmail: string;
  /** The sender of the app's emails, e.g. `Shutterlane <orders@shutterlane.com>` (required). */
  mailFrom: string;
  /**
   * The SES identities `mailFrom` is sent as: its address and its domain (SES authorizes the send on
   * whichever of the two is verified), the only identities the functions may send on.
   */
  mailIdentities: string[];
  /**
   * In the SES sandbox SES also authorizes each recipient's identity: the verified recipients a staging
   * account mails (the `mailSandboxRecipients` setting). Empty in production (out of the sandbox).
   */
  mailSandboxRecipients: string[];
  captchaMinScore: number;
  /** Cognito hosted-UI domain prefix; unset derives a unique one from the stack id. */
  authDomainPrefix?: string;
  /** Sender for Cognito's own emails through SES; unset uses Cognito's built-in sender (low daily quota). */
  cognitoEmailFrom?: string;
  /** SES region of `cognitoEmailFrom`'s identity, when not the stack's own region. */
  sesRegion?: string;
  /** How Cognito's sign-up verification email proves the address: a code (default) or a link. */
  verificationStyle: 'code' | 'link';
  /**
   * Where CloudWatch alarms are emailed (an SNS email subscription, confirmed from the first message).
   * Optional so a first deploy needs no mailbox; without it synthesis warns and alarms notify nobody.
   */
  alarmEmail?: string;
  /**
   * The web ACL the distribution uses: the `WebAclArn` output of the us-east-1 edge stack (CloudFront only
   * takes web ACLs from us-east-1, and a stack here cannot reference one in another region without an
   * explicit region). Unset: no WAF in front of the site, with a synthesis warning.
   */
  webAclArn?: string;
  /**
   * Addresses (IPv4 or IPv6, or CIDR blocks) allowed on the webhook path besides Stripe's published ones
   * (shared/platform/stripe-webhook-ips.ts): the local stack's Stripe emulator delivers from loopback. A
   * deployment sets none. Comma-separated in the setting `stripeWebhookExtraSources`.
   */
  stripeWebhookExtraSources: string[];
  /**
   * The API's own host name and its certificate (ACM, in the API's region), e.g.
   * `k3x9q2.origin.shutterlane.com`: CloudFront reaches the API there and the default execute-api
   * endpoint is disabled, so no one can spend the routes' budgets around the web ACL (docs/decisions.md,
   * "Losses and the webhook's source"). Unset: the execute-api endpoint stays open, with a warning.
   */
  apiOrigin?: { domainName: string; certificateArn: string };
  rateLimits: RateLimits;
  /** API Gateway's budget of each route, by class (route-throttles.ts). */
  routeThrottles: RouteThrottles;
  /** Lambda concurrency reserved per function; none by default (RESERVED_CONCURRENCY_DEFAULTS). */
  reservedConcurrency: ReservedConcurrency;
  secrets: SecretNames;
}

export const SETTING_DEFAULTS = {
  supportEmail: 'support@shutterlane.com',
  stripeSecretKey: 'shutterlane/stripe-secret-key',
  stripeWebhookSecret: 'shutterlane/stripe-webhook-secret',
  stripeConnectWebhookSecret: 'shutterlane/stripe-connect-webhook-secret',
  captchaSecret: 'shutterlane/captcha-secret',
} as const;

function envName(key: string): string {
  return `SHUTTERLANE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

function optionalSetting(node: Node, key: string): string | undefined {
  const fromContext: unknown = node.tryGetContext(key);
  if (fromContext !== undefined && fromContext !== null && String(fromContext) !== '')
    return String(fromContext);
  const fromEnv = process.env[envName(key)];
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}

function setting(node: Node, key: string, fallback: string): string {
  return optionalSetting(node, key) ?? fallback;
}

/** What each required setting is, for the message that stops a synthesis without it. */
const REQUIRED_SETTINGS = {
  siteDomain:
    'the public host name of the site, e.g. shutterlane.com (CORS, sign-in callbacks, captcha, email links)',
  mailFrom:
    'the sender of the app emails, e.g. "Shutterlane <orders@shutterlane.com>" (an address of a verified SES identity)',
} as const;

function requiredSetting(node: Node, key: keyof typeof REQUIRED_SETTINGS): string {
  const value = optionalSetting(node, key);
  if (value !== undefined) return value;
  throw new Error(
    `Missing setting "${key}": ${REQUIRED_SETTINGS[key]}. Pass -c ${key}=... or set ${envName(key)} (docs/deploy.md).`,
  );
}

function parseMinScore(raw: string | undefined): number {
  if (raw === undefined) return CAPTCHA_DEFAULT_MIN_SCORE;
  const score = Number(raw);
  if (!Number.isFinite(score) || score < 0 || score > 1) {
    throw new Error(`captchaMinScore must be a number between 0 and 1, got "${raw}"`);
  }
  return score;
}

function parseVerificationStyle(raw: string | undefined): 'code' | 'link' {
  if (raw === undefined || raw === 'code' || raw === 'link') return raw ?? 'code';
  throw new Error(`verificationStyle must be "code" or "link", got "${raw}"`);
}

function parseAlarmEmail(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[^@\s<>]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(raw.trim()))
    throw new Error(`alarmEmail must be an email address, got "${raw}"`);
  return raw.trim();
}

function parseRateLimit(node: Node, key: string, fallback: number): number {
  const raw = optionalSetting(node, key);
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  const { min, max } = RATE_LIMIT_BOUNDS;
  if (!Number.isInteger(limit) || limit < min || limit > max)
    throw new Error(`${key} must be a whole number of requests from ${min} to ${max}, got "${raw}"`);
  return limit;
}

/** Lambda's largest reservation is the account's quota; an SQS event source takes 2 at least at once. */
const RESERVATION_BOUNDS = { max: 10_000, leastWithQueue: 2 } as const;

function parseReservation(node: Node, name: keyof ReservedConcurrency): number {
  const key = RESERVED_CONCURRENCY_KEYS[name];
  const raw = optionalSetting(node, key);
  if (raw === undefined) return RESERVED_CONCURRENCY_DEFAULTS[name];
  const count = Number(raw);
  // The faces queue's event source runs at most the reservation at once, and SQS sources need 2.
  const least = name === 'faces' ? RESERVATION_BOUNDS.leastWithQueue : 1;
  if (!Number.isInteger(count) || count < 0 || count > RESERVATION_BOUNDS.max || (count > 0 && count < least))
    throw new Error(
      `${key} must be 0 (reserve nothing) or a whole number from ${least} to ${RESERVATION_BOUNDS.max}, got "${raw}"`,
    );
  return count;
}

function parseWebAclArn(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(raw))
    throw new Error(`webAclArn must be the ARN of a CloudFront (global, us-east-1) web ACL, got "${raw}"`);
  return raw;
}

/** An IPv4 or IPv6 address or CIDR block, as WAF's IP sets take them (`address/prefix`). */
function ipCidr(entry: string): string {
  const [address = '', prefix, ...rest] = entry.split('/');
  const bits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
  const length = prefix === undefined ? bits : Number(prefix);
  if (bits === 0 || rest.length > 0 || !Number.isInteger(length) || length < 1 || length > bits)
    throw new Error(`stripeWebhookExtraSources: not an IPv4 or IPv6 address or CIDR block: "${entry}"`);
  return `${address.toLowerCase()}/${length}`;
}

/** A comma-separated list of IP addresses or CIDR blocks, each checked. */
function parseAddressList(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(ipCidr);
}

/** Both the API's host name and its regional certificate, or neither. */
function parseApiOrigin(
  domainName: string | undefined,
  certificateArn: string | undefined,
): DeploySettings['apiOrigin'] {
  if (domainName === undefined && certificateArn === undefined) return undefined;
  if (domainName === undefined || certificateArn === undefined)
    throw new Error('apiOriginDomain and apiOriginCertificateArn go together: set both or neither');
  if (!/^([a-z0-9-]+\.)+[a-z]{2,}$/i.test(domainName))
    throw new Error(`apiOriginDomain must be a host name, got "${domainName}"`);
  if (!/^arn:aws[\w-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/.test(certificateArn))
    throw new Error(`apiOriginCertificateArn must be an ACM certificate ARN, got "${certificateArn}"`);
  return { domainName: domainName.toLowerCase(), certificateArn };
}

function parseDomain(raw: string): string {
  // A bare host name: the scheme follows from it, and a path would break CORS and callback URLs.
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(raw)) throw new Error(`siteDomain must be a host name, got "${raw}"`);
  return raw.toLowerCase();
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/** https everywhere but a loopback host (the local stack's dev server), which browsers trust over http. */
export function siteUrlOf(siteDomain: string): string {
  const host = siteDomain.replace(/:\d+$/, '');
  return `${LOOPBACK_HOSTS.has(host) ? 'http' : 'https'}://${siteDomain}`;
}

/** The address inside `Name <address>` or a bare address, and its SES identities (the address, its domain). */
function parseMailFrom(raw: string): { mailFrom: string; mailIdentities: string[] } {
  const address = /<([^<>\s]+)>\s*$/.exec(raw)?.[1] ?? raw.trim();
  const domain = /^[^@\s]+@([a-z0-9.-]+\.[a-z]{2,})$/i.exec(address)?.[1];
  if (!domain) throw new Error(`mailFrom must be an email address or "Name <address>", got "${raw}"`);
  return { mailFrom: raw.trim(), mailIdentities: [address.toLowerCase(), domain.toLowerCase()] };
}

/** Verified recipient identities (addresses or domains), comma-separated: only for an account in the SES sandbox. */
function parseSandboxRecipients(raw: string | undefined): string[] {
  const identities = (raw ?? '')
    .split(',')
    .map((identity) => identity.trim().toLowerCase())
    .filter(Boolean);
  const malformed = identities.find((identity) => !/^([^@\s]+@)?[a-z0-9.-]+\.[a-z]{2,}$/.test(identity));
  if (malformed !== undefined)
    throw new Error(`mailSandboxRecipients must be email addresses or domains, got "${malformed}"`);
  return identities;
}

/**
 * Reads every setting, applying safe defaults; throws on a missing required or malformed value, so a
 * deploy stops before it creates anything pointing at the wrong site.
 */
export function readSettings(node: Node): DeploySettings {
  const siteDomain = parseDomain(requiredSetting(node, 'siteDomain'));
  const supportEmail = setting(node, 'supportEmail', SETTING_DEFAULTS.supportEmail);
  const { mailFrom, mailIdentities } = parseMailFrom(requiredSetting(node, 'mailFrom'));
  return {
    siteDomain,
    siteUrl: siteUrlOf(siteDomain),
    certificateArn: optionalSetting(node, 'certificateArn'),
    supportEmail,
    mailFrom,
    mailIdentities,
    mailSandboxRecipients: parseSandboxRecipients(optionalSetting(node, 'mailSandboxRecipients')),
    captchaMinScore: parseMinScore(optionalSetting(node, 'captchaMinScore')),
    authDomainPrefix: optionalSetting(node, 'authDomainPrefix'),
    cognitoEmailFrom: optionalSetting(node, 'cognitoEmailFrom'),
    sesRegion: optionalSetting(node, 'sesRegion'),
    verificationStyle: parseVerificationStyle(optionalSetting(node, 'verificationStyle')),
    alarmEmail: parseAlarmEmail(optionalSetting(node, 'alarmEmail')),
    webAclArn: parseWebAclArn(optionalSetting(node, 'webAclArn')),
    stripeWebhookExtraSources: parseAddressList(optionalSetting(node, 'stripeWebhookExtraSources')),
    apiOrigin: parseApiOrigin(
      optionalSetting(node, 'apiOriginDomain'),
      optionalSetting(node, 'apiOriginCertificateArn'),
    ),
    rateLimits: {
      general: parseRateLimit(node, 'rateLimitGeneral', RATE_LIMIT_DEFAULTS.general),
      orders: parseRateLimit(node, 'rateLimitOrders', RATE_LIMIT_DEFAULTS.orders),
      accounts: parseRateLimit(node, 'rateLimitAccounts', RATE_LIMIT_DEFAULTS.accounts),
      galleries: parseRateLimit(node, 'rateLimitGalleries', RATE_LIMIT_DEFAULTS.galleries),
      previews: parseRateLimit(node, 'rateLimitPreviews', RATE_LIMIT_DEFAULTS.previews),
    },
    routeThrottles: readRouteThrottles((key) => optionalSetting(node, key)),
    reservedConcurrency: {
      stripeWebhook: parseReservation(node, 'stripeWebhook'),
      resize: parseReservation(node, 'resize'),
      faces: parseReservation(node, 'faces'),
    },
    secrets: {
      stripeSecretKey: setting(node, 'stripeSecretKeyName', SETTING_DEFAULTS.stripeSecretKey),
      stripeWebhookSecret: setting(node, 'stripeWebhookSecretName', SETTING_DEFAULTS.stripeWebhookSecret),
      stripeConnectWebhookSecret: setting(
        node,
        'stripeConnectWebhookSecretName',
        SETTING_DEFAULTS.stripeConnectWebhookSecret,
      ),
      captchaSecret: setting(node, 'captchaSecretName', SETTING_DEFAULTS.captchaSecret),
      pagingTokenSecret: optionalSetting(node, 'pagingTokenSecretName'),
      originVerifySecret: optionalSetting(node, 'originVerifySecretName'),
    },
  };
}
