/**
 * Google's reCAPTCHA v3 script as heavy as the real one, for the Lighthouse runs of the order pages
 * (the local stub, local/stack/captcha/captcha-script.ts, is a few hundred bytes and costs nothing).
 *
 * The real integration: `www.google.com/recaptcha/api.js?render=<siteKey>` is a small loader that
 * defines `grecaptcha.ready` and adds `www.gstatic.com/recaptcha/releases/<version>/recaptcha__en.js`,
 * which is about 150-220 KB on the wire (compressed) and whose evaluation and first `execute` are
 * long main-thread tasks on a phone. This server gives the same shape from its own origin:
 *
 * - `GET /recaptcha/api.js`: a loader of about 1 KB that queues `ready` callbacks and adds the script;
 * - `GET /recaptcha/releases/bench/recaptcha__en.js`: generated code of SCRIPT_GZIP_BYTES compressed
 *   (gzip, as the bench serves everything; about three times that uncompressed, functions and string
 *   tables that V8 must parse), whose evaluation keeps the main thread busy for EVALUATE_MS and whose
 *   `execute` for EXECUTE_MS before it asks the local stub for a token (so the API's siteverify still
 *   checks a real token). Times are wall-clock on the bench machine, before Lighthouse's 4x CPU
 *   slowdown of the mobile run, which makes them 240 ms and 80 ms, in the range Lighthouse reports for
 *   recaptcha__en.js on a phone.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const SCRIPT_GZIP_BYTES = 180_000;
export const EVALUATE_MS = 60;
export const EXECUTE_MS = 20;
const SCRIPT_PATH = '/recaptcha/releases/bench/recaptcha__en.js';

export interface HeavyCaptcha {
  /** The loader's URL: the SPA's VITE_CAPTCHA_SCRIPT_URL. */
  scriptUrl: string;
  origin: string;
  /** Transfer and uncompressed size of the big script. */
  sizes: { gzip: number; raw: number };
  stop(): Promise<void>;
}

function loaderScript(origin: string): string {
  return `/* Bench stand-in for Google's reCAPTCHA v3 loader (api.js). */
(function () {
  var cfg = (window.___grecaptcha_cfg = window.___grecaptcha_cfg || { fns: [] });
  var g = (window.grecaptcha = window.grecaptcha || {});
  g.ready = g.ready || function (fn) { cfg.fns.push(fn); };
  var s = document.createElement('script');
  s.src = ${JSON.stringify(`${origin}${SCRIPT_PATH}`)};
  s.async = true;
  document.head.appendChild(s);
})();
`;
}

/** Code V8 has to parse: functions with their own string tables (random, so they compress as little as minified code does). */
function filler(approxGzipBytes: number): string {
  const parts: string[] = [];
  let gz = 0;
  for (let chunk = 0; gz < approxGzipBytes; chunk++) {
    const lines: string[] = [];
    for (let i = 0; i < 200; i++) {
      const n = chunk * 200 + i;
      const words = Array.from({ length: 4 }, () => JSON.stringify(randomBytes(9).toString('base64')));
      lines.push(
        `function r${n}(a,b){var t=[${words.join(',')}];for(var i=0;i<t.length;i++){if(t[i].length===a)return t[i]+b;}return ${n > 0 ? `b?r${n - 1}(a-1,b):` : ''}t[0];}`,
      );
    }
    parts.push(lines.join('\n'));
    gz += gzipSync(lines.join('\n')).length;
  }
  return parts.join('\n');
}

function mainScript(tokenUrl: string, approxGzipBytes: number): string {
  return `/* Bench stand-in for Google's recaptcha__en.js: its size and main-thread cost, not its code. */
(function () {
${filler(approxGzipBytes)}
  function busy(ms) { var end = performance.now() + ms; var x = 0; while (performance.now() < end) x += r0(x & 7, '').length; return x; }
  busy(${EVALUATE_MS});
  var g = window.grecaptcha;
  g.execute = function (siteKey, options) {
    busy(${EXECUTE_MS});
    return fetch(${JSON.stringify(tokenUrl)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteKey: siteKey, action: (options && options.action) || '', hostname: location.hostname }),
    }).then(function (response) {
      if (!response.ok) throw new Error('reCAPTCHA stand-in: ' + response.status);
      return response.json();
    }).then(function (body) { return body.token; });
  };
  g.ready = function (fn) { setTimeout(fn, 0); };
  var fns = (window.___grecaptcha_cfg && window.___grecaptcha_cfg.fns) || [];
  window.___grecaptcha_cfg.fns = [];
  fns.forEach(function (fn) { setTimeout(fn, 0); });
})();
`;
}

/** Starts the stand-in; `stubUrl` is the local captcha stub (its /token issues what siteverify accepts). */
export async function startHeavyCaptcha(stubUrl: string): Promise<HeavyCaptcha> {
  const raw = Buffer.from(mainScript(`${stubUrl}/token`, SCRIPT_GZIP_BYTES));
  const gzipped = gzipSync(raw, { level: 9 });
  let loader = Buffer.alloc(0);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    const body = path === '/recaptcha/api.js' ? gzipSync(loader) : path === SCRIPT_PATH ? gzipped : undefined;
    if (!body) return void res.writeHead(404).end();
    res
      .writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'content-encoding': 'gzip',
        // As Google: the loader briefly (it names the current release), the release for a year.
        'cache-control': path === SCRIPT_PATH ? 'public, max-age=31536000' : 'private, max-age=300',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  loader = Buffer.from(loaderScript(origin));
  return {
    scriptUrl: `${origin}/recaptcha/api.js`,
    origin,
    sizes: { gzip: gzipped.length, raw: raw.length },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
