import { expect, it } from 'vitest';
import { mainWidth } from './main-width';

it('lays out the home, product and insights pages wide and every other page narrow', () => {
  for (const path of ['/', '/features', '/app', '/growth-analytics', '/insights', '/insights/a-post'])
    expect(mainWidth(path)).toBe('wide');
  for (const path of ['/orders', '/checkout/success/abc', '/signin', '/support', '/privacy', '/x'])
    expect(mainWidth(path)).toBe('narrow');
});

it("lays the seller's working pages across the full width, and keeps their form pages narrow", () => {
  for (const path of [
    '/dashboard',
    '/manage-account',
    '/galleries',
    '/galleries/g1',
    '/seller-orders',
    '/g/p1',
  ])
    expect(mainWidth(path)).toBe('full');
  for (const path of ['/profile', '/signin', '/signup', '/pricing', '/reset-password'])
    expect(mainWidth(path)).toBe('narrow');
});

it("lays an order's page across the full width from its first screen, so its gallery never widens it", () => {
  expect(mainWidth('/orders/abc')).toBe('full');
  expect(mainWidth('/orders/abc/')).toBe('full');
});
