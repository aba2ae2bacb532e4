/**
 * The reCAPTCHA v3 stand-in over HTTP, as the SPA (script + token) and our server (siteverify)
 * use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptcha, type CaptchaStandIn } from '@shutterlane/local-stack/captcha/captcha';

const siteKey = 'test-site-key';
const secret = 'test-secret';
let clock = Date.now();
let captcha: CaptchaStandIn;

beforeAll(async () => {
  captcha = await startCaptcha({ port: 0, siteKey, secret, now: () => clock });
});
afterAll(() => captcha.stop());

async function getToken(action: string, hostname = 'localhost'): Promise<string> {
  const response = await fetch(`${captcha.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
    body: JSON.stringify({ siteKey, action, hostname }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  const { token } = (await response.json()) as { token: string };
  return token;
}

async function siteverify(fields: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${captcha.url}/recaptcha/api/siteverify`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('reCAPTCHA v3 stand-in', () => {
  it('serves a grecaptcha script that fetches tokens from this stand-in', async () => {
    const response = await fetch(`${captcha.url}/recaptcha/api.js?render=${siteKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain('window.grecaptcha');
    expect(script).toContain(`"http://localhost:${captcha.port}/token"`);
  });

  it('answers a CORS preflight for the token endpoint', async () => {
    const response = await fetch(`${captcha.url}/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('verifies a token once with its action, host name and score, like Google', async () => {
    const token = await getToken('publicOrder', 'app.localhost');
    const first = await siteverify({ secret, response: token, remoteip: '127.0.0.1' });
    expect(first).toMatchObject({
      success: true,
      action: 'publicOrder',
      hostname: 'app.localhost',
      score: 0.9,
    });
    expect(first.challenge_ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const again = await siteverify({ secret, response: token });
    expect(again).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('refuses a wrong secret without using up the token', async () => {
    const token = await getToken('signUp');
    expect(await siteverify({ secret: 'wrong', response: token })).toEqual({
      success: false,
      'error-codes': ['invalid-input-secret'],
    });
    expect(await siteverify({ secret, response: token })).toMatchObject({ success: true });
  });

  it('refuses a token it never issued, and one older than two minutes', async () => {
    expect(await siteverify({ secret, response: 'made-up' })).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    const token = await getToken('signUp');
    clock += 2 * 60 * 1000 + 1;
    expect(await siteverify({ secret, response: token })).toEqual({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
  });

  it('reflects score changes from setScore and from the control endpoint', async () => {
    captcha.setScore(0.1);
    const lowToken = await getToken('publicOrder');
    expect(await siteverify({ secret, response: lowToken })).toMatchObject({ success: true, score: 0.1 });

    const control = await fetch(`${captcha.url}/__control/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ score: 0.7 }),
    });
    expect(await control.json()).toEqual({ score: 0.7 });
    const token = await getToken('publicOrder');
    expect(await siteverify({ secret, response: token })).toMatchObject({ success: true, score: 0.7 });
  });

  it('refuses a wrong site key, a bad action and a bad score with 400', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${captcha.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/token', { siteKey: 'other', action: 'a', hostname: 'h' })).status).toBe(400);
    expect((await post('/token', { siteKey, action: 'not allowed!', hostname: 'h' })).status).toBe(400);
    expect((await post('/__control/score', { score: 2 })).status).toBe(400);
    expect(() => captcha.setScore(-1)).toThrow(RangeError);
  });
});
