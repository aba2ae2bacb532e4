/**
 * The browser side of the reCAPTCHA v3 stub: what `/recaptcha/api.js?render=<siteKey>` serves.
 * It defines the part of `window.grecaptcha` that v3 sites use (`ready`, `execute`); `execute`
 * asks the stub server for a token, which remembers action, page host name and time like Google.
 */

/** The script text; `tokenUrl` is the stub's token endpoint as the browser reaches it. */
export function grecaptchaScript(tokenUrl: string): string {
  return `/* Local reCAPTCHA v3 stand-in (Shutterlane). Not Google's script. */
(() => {
  const tokenUrl = ${JSON.stringify(tokenUrl)};
  const ready = (callback) => {
    setTimeout(callback, 0);
  };
  const execute = async (siteKey, options) => {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteKey, action: (options && options.action) || '', hostname: location.hostname }),
    });
    if (!response.ok) throw new Error('reCAPTCHA stand-in: ' + (await response.text()));
    const body = await response.json();
    return body.token;
  };
  window.grecaptcha = Object.assign(window.grecaptcha || {}, { ready, execute });
})();
`;
}
