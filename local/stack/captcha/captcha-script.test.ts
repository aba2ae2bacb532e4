import { describe, expect, it } from 'vitest';
import { grecaptchaScript } from './captcha-script';

interface FakeGrecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Runs the script as a browser would, with a fake window, location and fetch. */
function loadScript(answer: { ok: boolean; body: unknown }) {
  const requests: { url: string; body: unknown }[] = [];
  const fakeFetch = async (url: string, init: { body: string }) => {
    requests.push({ url, body: JSON.parse(init.body) });
    return { ok: answer.ok, json: async () => answer.body, text: async () => JSON.stringify(answer.body) };
  };
  const window: { grecaptcha?: FakeGrecaptcha } = {};
  new Function('window', 'location', 'fetch', grecaptchaScript('http://localhost:4570/token'))(
    window,
    { hostname: 'shop.localhost' },
    fakeFetch,
  );
  if (!window.grecaptcha) throw new Error('script did not define grecaptcha');
  return { grecaptcha: window.grecaptcha, requests };
}

describe('grecaptchaScript', () => {
  it('defines ready and an execute that gets a token for the action and page host', async () => {
    const { grecaptcha, requests } = loadScript({ ok: true, body: { token: 'tok-1' } });
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    await expect(grecaptcha.execute('site-key', { action: 'publicOrder' })).resolves.toBe('tok-1');
    expect(requests).toEqual([
      {
        url: 'http://localhost:4570/token',
        body: { siteKey: 'site-key', action: 'publicOrder', hostname: 'shop.localhost' },
      },
    ]);
  });

  it('rejects execute when the stand-in refuses', async () => {
    const { grecaptcha } = loadScript({ ok: false, body: { error: 'Invalid site key' } });
    await expect(grecaptcha.execute('wrong', { action: 'a' })).rejects.toThrow(/Invalid site key/);
  });
});
