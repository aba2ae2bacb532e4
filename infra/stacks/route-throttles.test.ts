import { describe, expect, it } from 'vitest';
import {
  ROUTE_THROTTLE_DEFAULTS,
  readRouteThrottles,
  throttleSettingKeys,
  throttleSettings,
} from './route-throttles';

const reading = (settings: Record<string, string>) => readRouteThrottles((key) => settings[key]);

describe('route throttle settings', () => {
  it('are the production defaults when no setting is given', () => {
    expect(reading({})).toEqual(ROUTE_THROTTLE_DEFAULTS);
  });

  it("name each class's rate and burst", () => {
    expect(throttleSettingKeys('publicGalleries')).toEqual({
      rate: 'throttlePublicGalleriesRate',
      burst: 'throttlePublicGalleriesBurst',
    });
    expect(throttleSettingKeys('stripeWebhook').burst).toBe('throttleStripeWebhookBurst');
  });

  it('take each number given, and keep the defaults of the others', () => {
    const read = reading({ throttleOrdersRate: '2.5', throttlePublicGalleriesBurst: '1000' });
    expect(read.orders).toEqual({ rateLimit: 2.5, burstLimit: ROUTE_THROTTLE_DEFAULTS.orders.burstLimit });
    expect(read.publicGalleries).toEqual({
      rateLimit: ROUTE_THROTTLE_DEFAULTS.publicGalleries.rateLimit,
      burstLimit: 1000,
    });
    expect(read.accounts).toEqual(ROUTE_THROTTLE_DEFAULTS.accounts);
  });

  it('read back what throttleSettings writes', () => {
    const raised = { rateLimit: 10_000, burstLimit: 5_000 };
    expect(reading(throttleSettings({ default: raised, accounts: raised }))).toEqual({
      ...ROUTE_THROTTLE_DEFAULTS,
      default: raised,
      accounts: raised,
    });
  });

  it.each([
    ['throttleOrdersBurst', '2.5'],
    ['throttleOrdersBurst', '-1'],
    ['throttleAccountsRate', '-0.5'],
    ['throttleDefaultRate', 'many'],
    ['throttleDefaultRate', ' '],
    ['throttleStripeWebhookRate', 'Infinity'],
  ])('refuse %s=%j', (key, value) => {
    expect(() => reading({ [key]: value })).toThrow(new RegExp(`${key} must be`));
  });

  it('take 0, which refuses every request of the class', () => {
    expect(reading({ throttleAccountsRate: '0', throttleAccountsBurst: '0' }).accounts).toEqual({
      rateLimit: 0,
      burstLimit: 0,
    });
  });
});
