import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHECKOUT_ORIGIN,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_CUSTOMER_EMAIL,
  UsageError,
  checkOrigin,
  parseSmokeFlags,
  sellersFrom,
} from './flags';

const required = ['--app-url', 'https://staging.shutterlane.test', '--seller-email', 'seller@example.com'];
const withPassword = [...required, '--seller-password', 'pw-1'];

describe('parseSmokeFlags', () => {
  it('reads a deployment’s run with the defaults for everything optional', () => {
    expect(parseSmokeFlags(withPassword, {})).toEqual({
      appUrl: 'https://staging.shutterlane.test',
      seller: { email: 'seller@example.com', password: 'pw-1' },
      paidSeller: { email: 'seller@example.com', password: 'pw-1' },
      checkoutOrigin: DEFAULT_CHECKOUT_ORIGIN,
      humanCheck: 'test-key',
      customerEmail: DEFAULT_CUSTOMER_EMAIL,
      chromiumPath: DEFAULT_CHROMIUM_PATH,
      chromiumFlags: [],
      stepTimeoutMs: 60_000,
    });
  });

  it('reads every flag, repeated Chromium flags written with "=" included', () => {
    const options = parseSmokeFlags(
      [
        ...withPassword,
        ...['--paid-seller-email', 'paid@example.com', '--paid-seller-password', 'pw-2'],
        ...['--checkout-origin', 'http://localhost:12111', '--human-check', 'live-key'],
        ...['--customer-email', 'smoke@example.com', '--chromium', '/opt/chromium', '--timeout', '90'],
        '--chromium-flag=--ignore-certificate-errors-spki-list=abc=',
        '--chromium-flag=--lang=en-GB',
      ],
      {},
    );
    expect(options).toMatchObject({
      paidSeller: { email: 'paid@example.com', password: 'pw-2' },
      checkoutOrigin: 'http://localhost:12111',
      humanCheck: 'live-key',
      customerEmail: 'smoke@example.com',
      chromiumPath: '/opt/chromium',
      chromiumFlags: ['--ignore-certificate-errors-spki-list=abc=', '--lang=en-GB'],
      stepTimeoutMs: 90_000,
    });
  });

  it('takes passwords and the Chromium path from the environment when no flag gives them', () => {
    const env = {
      SMOKE_SELLER_PASSWORD: 'from-env',
      SMOKE_PAID_SELLER_PASSWORD: 'paid-from-env',
      CHROMIUM_PATH: '/env/chromium',
    };
    expect(parseSmokeFlags([...required, '--paid-seller-email', 'paid@example.com'], env)).toMatchObject({
      seller: { password: 'from-env' },
      paidSeller: { email: 'paid@example.com', password: 'paid-from-env' },
      chromiumPath: '/env/chromium',
    });
    expect(parseSmokeFlags([...withPassword, '--chromium', '/flag/chromium'], env)?.chromiumPath).toBe(
      '/flag/chromium',
    );
  });

  it('answers help with no options to run', () => {
    expect(parseSmokeFlags(['--help'], {})).toBeUndefined();
    expect(parseSmokeFlags(['-h'], {})).toBeUndefined();
  });

  it('refuses what is missing or malformed as usage errors', () => {
    const refusal = (argv: string[]) => () => parseSmokeFlags(argv, {});
    expect(refusal([])).toThrow(new UsageError('--app-url is required'));
    expect(refusal(required)).toThrow(/--seller-password \(or SMOKE_SELLER_PASSWORD\) is required/);
    expect(refusal(['--app-url', 'https://a.test', '--seller-password', 'x'])).toThrow(/--seller-email/);
    expect(refusal([...withPassword, '--timeout', '0'])).toThrow(/--timeout/);
    expect(refusal([...withPassword, '--timeout', 'soon'])).toThrow(/--timeout/);
    expect(refusal([...withPassword, '--human-check', 'none'])).toThrow(/test-key or live-key/);
    expect(refusal([...withPassword, '--customer-email', 'nobody'])).toThrow(/not an email/);
    expect(refusal([...withPassword, '--chromium-flag=headless'])).toThrow(/--chromium-flag/);
    expect(refusal([...withPassword, '--force'])).toThrow(UsageError);
    expect(refusal([...withPassword, 'https://a.test'])).toThrow(UsageError);
  });
});

describe('sellersFrom', () => {
  const seller = { 'seller-email': 'seller@example.com', 'seller-password': 'pw-1' };

  it('makes the seller the paid seller unless another email is given', () => {
    expect(sellersFrom(seller, {}).paidSeller).toEqual({ email: 'seller@example.com', password: 'pw-1' });
    expect(sellersFrom({ ...seller, 'paid-seller-email': 'Seller@Example.com' }, {}).paidSeller).toEqual({
      email: 'Seller@Example.com',
      password: 'pw-1',
    });
  });

  it('wants a password for another paid seller, and an email for a paid seller’s password', () => {
    expect(() => sellersFrom({ ...seller, 'paid-seller-email': 'paid@example.com' }, {})).toThrow(
      /--paid-seller-password/,
    );
    expect(() => sellersFrom({ ...seller, 'paid-seller-password': 'pw-2' }, {})).toThrow(
      /--paid-seller-password needs --paid-seller-email/,
    );
  });
});

describe('checkOrigin', () => {
  it('takes an https origin, or http on this machine, with or without the trailing slash', () => {
    expect(checkOrigin('https://staging.shutterlane.test/', '--app-url')).toBe(
      'https://staging.shutterlane.test',
    );
    expect(checkOrigin('http://localhost:5173', '--app-url')).toBe('http://localhost:5173');
    expect(checkOrigin('http://127.0.0.1:12111', '--checkout-origin')).toBe('http://127.0.0.1:12111');
  });

  it('refuses plain http elsewhere, what is not a URL, and a path, query or fragment', () => {
    expect(() => checkOrigin('http://shutterlane.com', '--app-url')).toThrow(/must be https/);
    expect(() => checkOrigin('shutterlane.com', '--app-url')).toThrow(/not a URL/);
    expect(() => checkOrigin('https://shutterlane.com/orders', '--app-url')).toThrow(/origin only/);
    expect(() => checkOrigin('https://shutterlane.com/?a=1', '--app-url')).toThrow(/origin only/);
  });
});
