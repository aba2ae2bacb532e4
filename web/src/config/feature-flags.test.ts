import { expect, it } from 'vitest';
import { primaryCallToAction } from './feature-flags';

it("is 'Get Started' to /pricing with pricing shown, else 'Join Waitlist' to /register-interest", () => {
  expect(primaryCallToAction({ pricing: true })).toEqual({ label: 'Get Started', to: '/pricing' });
  expect(primaryCallToAction({ pricing: false })).toEqual({
    label: 'Join Waitlist',
    to: '/register-interest',
  });
});
