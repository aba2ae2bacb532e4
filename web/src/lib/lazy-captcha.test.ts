// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom handles <script> elements differently (what it loads, what document.scripts lists).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { lazyCaptcha } from './lazy-captcha';

const config = { siteKey: 'site-key-1', scriptUrl: 'https://captcha.test/recaptcha/api.js' };
const scripts = () => [...document.head.querySelectorAll('script')];

afterEach(() => {
  document.head.innerHTML = '';
  delete window.grecaptcha;
});

describe('lazyCaptcha', () => {
  it('adds no script until a check or a warm-up, then one for both', async () => {
    const captcha = lazyCaptcha(config);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scripts()).toHaveLength(0);
    captcha.warm();
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    const execute = vi.fn(async () => 'token-1');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(captcha.execute(CAPTCHA_ACTIONS.validateCheckout)).resolves.toBe('token-1');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'validate_checkout' });
    expect(scripts()).toHaveLength(1);
  });
});
