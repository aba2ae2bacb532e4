import { describe, expect, it } from 'vitest';
import { readSetupEnvironment, stripeClient, stripeMode } from './environment';

describe('readSetupEnvironment', () => {
  it('needs the secret key and takes an optional API URL', () => {
    expect(readSetupEnvironment({ STRIPE_SECRET_KEY: 'sk_test_1', OTHER: 'x' })).toEqual({
      STRIPE_SECRET_KEY: 'sk_test_1',
    });
    expect(() => readSetupEnvironment({})).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readSetupEnvironment({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_URL: 'nope' })).toThrow(
      /STRIPE_API_URL/,
    );
  });
});

describe('stripeMode', () => {
  it('tells live keys from test keys', () => {
    expect(stripeMode('sk_live_abc')).toBe('live');
    expect(stripeMode('rk_live_abc')).toBe('live');
    expect(stripeMode('sk_test_abc')).toBe('test');
  });
});

describe('stripeClient', () => {
  it('points the SDK at STRIPE_API_URL when set', () => {
    const client = stripeClient({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_URL: 'http://localhost:12111' });
    expect(client.getApiField('host')).toBe('localhost');
    expect(client.getApiField('port')).toBe(12111);
    expect(client.getApiField('protocol')).toBe('http');
    expect(stripeClient({ STRIPE_SECRET_KEY: 'sk_test_1' }).getApiField('host')).toBe('api.stripe.com');
  });
});
