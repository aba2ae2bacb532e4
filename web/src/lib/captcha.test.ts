// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom handles <script> elements differently (what it loads, what document.scripts lists).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { createCaptcha } from './captcha';

const config = { siteKey: 'site-key-1', scriptUrl: 'https://captcha.test/recaptcha/api.js' };

const scripts = () => [...document.head.querySelectorAll('script')];

/** What the real script does once loaded: define grecaptcha, then fire `load`. */
function finishLoading(script: HTMLScriptElement, execute = vi.fn(async () => 'token-1')) {
  window.grecaptcha = { ready: (callback) => callback(), execute };
  script.dispatchEvent(new Event('load'));
  return execute;
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window.grecaptcha;
  vi.useRealTimers();
});

describe('createCaptcha', () => {
  it('loads nothing until the first check', () => {
    createCaptcha(config);
    expect(scripts()).toHaveLength(0);
  });

  it('warmed, loads the script at once and uses that load for the first check', async () => {
    const { execute: executeCaptcha, warm } = createCaptcha(config);
    warm();
    warm();
    expect(scripts()).toHaveLength(1);
    const execute = finishLoading(scripts()[0]!);
    await expect(executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck)).resolves.toBe('token-1');
    expect(execute).toHaveBeenCalledOnce();
    expect(scripts()).toHaveLength(1);
  });

  it('warmed, a failed early load is loaded again by the first check', async () => {
    const { execute: executeCaptcha, warm } = createCaptcha(config);
    warm();
    scripts()[0]?.dispatchEvent(new Event('error'));
    // The failure settles (and is forgotten) before the customer's first check.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scripts()).toHaveLength(0);
    const check = executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
    expect(scripts()).toHaveLength(1);
    finishLoading(scripts()[0]!);
    await expect(check).resolves.toBe('token-1');
  });

  it('loads the script once with the site key and executes the action', async () => {
    const executeCaptcha = createCaptcha(config).execute;
    const first = executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
    const [script] = scripts();
    expect(script?.src).toBe('https://captcha.test/recaptcha/api.js?render=site-key-1');
    const execute = finishLoading(script!);

    await expect(first).resolves.toBe('token-1');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'public_order_check' });

    await expect(executeCaptcha(CAPTCHA_ACTIONS.completeCheckout)).resolves.toBe('token-1');
    expect(execute).toHaveBeenLastCalledWith('site-key-1', { action: 'complete_checkout' });
    expect(scripts()).toHaveLength(1);
  });

  it('resolves a site-relative script URL against the page', async () => {
    const executeCaptcha = createCaptcha({ ...config, scriptUrl: '/captcha/api.js?hl=en' }).execute;
    void executeCaptcha(CAPTCHA_ACTIONS.validateCheckout);
    expect(scripts()[0]?.src).toBe(`${window.location.origin}/captcha/api.js?hl=en&render=site-key-1`);
  });

  it('fails with a captcha message when the script cannot load, and loads it again on retry', async () => {
    const executeCaptcha = createCaptcha(config).execute;
    const first = executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/captcha/);
    expect(scripts()).toHaveLength(0);

    const retry = executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
    expect(scripts()).toHaveLength(1);
    finishLoading(scripts()[0]!);
    await expect(retry).resolves.toBe('token-1');
  });

  it('fails with a captcha message when the check itself fails', async () => {
    const executeCaptcha = createCaptcha(config).execute;
    const result = executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
    finishLoading(
      scripts()[0]!,
      vi.fn(async () => {
        throw new Error('Invalid site key');
      }),
    );
    await expect(result).rejects.toThrow('captcha check failed: Invalid site key');
  });

  it('gives up when the script never becomes ready', async () => {
    vi.useFakeTimers();
    const executeCaptcha = createCaptcha({ ...config, timeoutMs: 1000 }).execute;
    const result = executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
    vi.advanceTimersByTime(1000);
    await expect(result).rejects.toThrow('captcha did not become ready in time');
  });
});
