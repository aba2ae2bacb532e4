import { describe, expect, it } from 'vitest';
import { UsageError, checkWebhookUrl, parseSetupFlags } from './flags';

describe('parseSetupFlags', () => {
  it('reads the webhook URL and --dry-run', () => {
    expect(parseSetupFlags(['--url', 'https://shutterlane.com/api/webhooks/stripe'])).toEqual({
      url: 'https://shutterlane.com/api/webhooks/stripe',
      dryRun: false,
    });
    expect(parseSetupFlags(['--url=https://shutterlane.com/api/webhooks/stripe', '--dry-run'])).toMatchObject(
      {
        dryRun: true,
      },
    );
  });

  it('takes the site’s origin for the portal’s links from --site-url, else leaves it to the webhook URL', () => {
    expect(
      parseSetupFlags([
        '--url',
        'http://localhost:4000/webhooks/stripe',
        '--site-url',
        'http://localhost:5173/x',
      ]),
    ).toEqual({
      url: 'http://localhost:4000/webhooks/stripe',
      siteUrl: 'http://localhost:5173',
      dryRun: false,
    });
    expect(parseSetupFlags(['--url', 'https://a.test/hook'])).not.toHaveProperty('siteUrl');
    expect(() => parseSetupFlags(['--url', 'https://a.test/hook', '--site-url', 'http://a.test'])).toThrow(
      UsageError,
    );
  });

  it('answers help with no flags to run', () => {
    expect(parseSetupFlags(['--help'])).toBeUndefined();
  });

  it('refuses a missing URL, unknown flags and stray arguments as usage errors', () => {
    expect(() => parseSetupFlags([])).toThrow(new UsageError('--url is required'));
    expect(() => parseSetupFlags(['--url', 'https://a.test/x', '--force'])).toThrow(UsageError);
    expect(() => parseSetupFlags(['https://a.test/x'])).toThrow(UsageError);
  });
});

describe('checkWebhookUrl', () => {
  it('wants https, allowing plain http only on a loopback host (the local emulator)', () => {
    expect(checkWebhookUrl('https://shutterlane.com/api/webhooks/stripe')).toBe(
      'https://shutterlane.com/api/webhooks/stripe',
    );
    expect(checkWebhookUrl('http://localhost:4000/api/webhooks/stripe')).toBe(
      'http://localhost:4000/api/webhooks/stripe',
    );
    expect(checkWebhookUrl('http://127.0.0.1:4000/webhooks/stripe')).toBe(
      'http://127.0.0.1:4000/webhooks/stripe',
    );
    expect(() => checkWebhookUrl('http://shutterlane.com/api/webhooks/stripe')).toThrow(/must be https/);
    expect(() => checkWebhookUrl('ftp://shutterlane.com/x')).toThrow(/must be https/);
  });

  it('refuses what is not a URL, or carries a query or fragment', () => {
    expect(() => checkWebhookUrl('shutterlane.com/api')).toThrow(/not a URL/);
    expect(() => checkWebhookUrl('https://shutterlane.com/api?x=1')).toThrow(/no query/);
  });
});
