import { describe, expect, it } from 'vitest';
import { startsWithHumanCheck } from './providers';

describe('startsWithHumanCheck', () => {
  it('is true for an order link only', () => {
    expect(startsWithHumanCheck('/orders/SXSOX2oZc5KSppZMLkMjiQ')).toBe(true);
    expect(startsWithHumanCheck('/orders/SXSOX2oZc5KSppZMLkMjiQ/')).toBe(true);
    expect(startsWithHumanCheck('/orders')).toBe(false);
    expect(startsWithHumanCheck('/')).toBe(false);
    expect(startsWithHumanCheck('/insights/some-post')).toBe(false);
    expect(startsWithHumanCheck('/seller-orders')).toBe(false);
  });
});
