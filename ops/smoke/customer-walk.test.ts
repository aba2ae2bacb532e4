import { describe, expect, it } from 'vitest';
import { galleryErrors, orderErrors } from '#shared/texts/errors';
import { humanCheckHint } from './customer-walk';

describe('humanCheckHint', () => {
  it('points at the reCAPTCHA set-up when the order page shows a failed human check', () => {
    for (const said of [
      galleryErrors.robotCheckFailed,
      orderErrors.captchaFailed,
      orderErrors.orderCheckFailed,
    ])
      expect(humanCheckHint(said)).toMatch(/captchaMinScore=0.*--human-check live-key/);
  });

  it('says nothing for other problems', () => {
    expect(humanCheckHint(orderErrors.expired)).toBe('');
    expect(humanCheckHint(galleryErrors.notFoundTitle)).toBe('');
  });
});
