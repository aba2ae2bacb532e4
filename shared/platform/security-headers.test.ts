import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  cspHashSource,
  GOOGLE_TAG,
  META_PIXEL,
  pageSecurityHeaders,
  RECAPTCHA,
  sanityContent,
  STRIPE_PRICING_TABLE,
  THEME_SCRIPT_HASH,
  EARLY_GALLERY_SCRIPT_HASH,
  EARLY_SHELL_SCRIPT_HASH,
  viteDevClient,
  type SiteOrigins,
} from './security-headers';
import { directivesOf } from './csp';

const AWS_LIKE: SiteOrigins = {
  https: true,
  cognito: 'https://cognito-idp.eu-west-2.amazonaws.com',
  hostedSignIn: 'https://shutterlane-abc.auth.eu-west-2.amazoncognito.com',
  buckets: ['https://originals-1.s3.eu-west-2.amazonaws.com', 'https://derived-1.s3.eu-west-2.amazonaws.com'],
  captcha: RECAPTCHA,
  stripe: STRIPE_PRICING_TABLE,
  analytics: [GOOGLE_TAG, META_PIXEL],
};

const EVERY_DIRECTIVE = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'frame-src',
  'worker-src',
  'manifest-src',
  'form-action',
  'frame-ancestors',
  'object-src',
  'base-uri',
];

describe('the inline scripts of index.html', () => {
  it('are each allowed by the hash of their exact text: the theme script, the early gallery request and the early shell', () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) =>
      cspHashSource(createHash('sha256').update(text!, 'utf8').digest('base64')),
    );
    expect(inline).toEqual([THEME_SCRIPT_HASH, EARLY_GALLERY_SCRIPT_HASH, EARLY_SHELL_SCRIPT_HASH]);
    const scriptSrc = directivesOf(contentSecurityPolicy(AWS_LIKE)).get('script-src');
    expect(scriptSrc).toContain(THEME_SCRIPT_HASH);
    expect(scriptSrc).toContain(EARLY_GALLERY_SCRIPT_HASH);
    expect(scriptSrc).toContain(EARLY_SHELL_SCRIPT_HASH);
  });
});

describe('contentSecurityPolicy', () => {
  const aws = directivesOf(contentSecurityPolicy(AWS_LIKE));

  it('lists every directive, with nothing inline or evaluated but the hashed theme script', () => {
    expect([...aws.keys()]).toEqual([...EVERY_DIRECTIVE, 'upgrade-insecure-requests']);
    expect(aws.get('default-src')).toEqual(["'self'"]);
    expect(aws.get('frame-ancestors')).toEqual(["'none'"]);
    expect(aws.get('object-src')).toEqual(["'none'"]);
    expect(aws.get('base-uri')).toEqual(["'self'"]);
    expect(aws.get('worker-src')).toEqual(["'self'"]);
    expect(aws.get('style-src')).toEqual(["'self'"]);
    for (const sources of aws.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
  });

  it('lets the page call the sign-in endpoints and the buckets, and show photos from the buckets', () => {
    expect(aws.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://cognito-idp.eu-west-2.amazonaws.com',
        'https://shutterlane-abc.auth.eu-west-2.amazoncognito.com',
        ...AWS_LIKE.buckets!,
      ]),
    );
    expect(aws.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', ...AWS_LIKE.buckets!]),
    );
    expect(aws.get('img-src')).not.toContain('https://cognito-idp.eu-west-2.amazonaws.com');
  });

  it("puts each party's sources in their own directives only", () => {
    expect(aws.get('script-src')).toEqual([
      "'self'",
      THEME_SCRIPT_HASH,
      EARLY_GALLERY_SCRIPT_HASH,
      EARLY_SHELL_SCRIPT_HASH,
      "'wasm-unsafe-eval'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://www.googletagmanager.com',
      'https://connect.facebook.net',
    ]);
    expect(aws.get('frame-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(aws.get('connect-src')).not.toContain('https://www.google.com/recaptcha/');
  });

  it('leaves out what a deployment does not configure, and upgrades requests only over https', () => {
    const local = directivesOf(
      contentSecurityPolicy({
        https: false,
        cognito: 'http://localhost:9229',
        captcha: { script: ['http://localhost:4570/recaptcha/'], connect: ['http://localhost:4570/token'] },
      }),
    );
    expect(local.has('upgrade-insecure-requests')).toBe(false);
    expect(local.get('script-src')).toEqual([
      "'self'",
      THEME_SCRIPT_HASH,
      EARLY_GALLERY_SCRIPT_HASH,
      EARLY_SHELL_SCRIPT_HASH,
      "'wasm-unsafe-eval'",
      'http://localhost:4570/recaptcha/',
    ]);
    expect(local.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:9229',
      'http://localhost:4570/token',
    ]);
    expect(local.get('frame-src')).toEqual(["'self'"]);
  });

  it('allows a Sanity project only when it is the content store', () => {
    const withSanity = directivesOf(contentSecurityPolicy({ ...AWS_LIKE, content: sanityContent('ab12cd') }));
    expect(withSanity.get('connect-src')).toEqual(
      expect.arrayContaining(['https://ab12cd.api.sanity.io', 'https://ab12cd.apicdn.sanity.io']),
    );
    expect(withSanity.get('img-src')).toContain('https://cdn.sanity.io');
    expect(aws.get('img-src')).not.toContain('https://cdn.sanity.io');
    expect(() => sanityContent('ab12cd.evil.example/')).toThrow('Not a Sanity project id');
  });

  it('refuses an origin that would end a directive or add one of its own', () => {
    for (const bad of ["https://a.example; script-src 'unsafe-inline'", 'https://a.example b', '', 'a,b']) {
      expect(() => contentSecurityPolicy({ ...AWS_LIKE, buckets: [bad] })).toThrow('Not a CSP source');
    }
  });

  it("adds the dev server's websocket, preamble and injected styles only where they belong", () => {
    const dev = directivesOf(
      contentSecurityPolicy(
        AWS_LIKE,
        viteDevClient({ websocket: 'ws://localhost:5173', preambleHash: "'sha256-abc='" }),
      ),
    );
    expect(dev.get('connect-src')).toContain('ws://localhost:5173');
    expect(dev.get('script-src')).toContain("'sha256-abc='");
    expect(dev.get('script-src')).not.toContain("'unsafe-inline'");
    // Compiling WebAssembly (face search) is allowed; evaluating strings as code never is.
    expect(dev.get('script-src')).not.toContain("'unsafe-eval'");
    expect(dev.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('the other headers', () => {
  it('are the same on pages and API answers, which get a CSP that allows nothing', () => {
    const page = pageSecurityHeaders(AWS_LIKE);
    const api = apiSecurityHeaders();
    const common = {
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    expect(page).toMatchObject(common);
    expect(api).toMatchObject(common);
    expect(api['Permissions-Policy']).toBe(page['Permissions-Policy']);
    expect(page['Content-Security-Policy']).toBe(contentSecurityPolicy(AWS_LIKE));
    expect(api['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('turn off the camera, microphone and location, keeping what the pages use for our origin only', () => {
    const { 'Permissions-Policy': policy } = pageSecurityHeaders(AWS_LIKE);
    const features = new Map(policy.split(', ').map((feature) => feature.split('=') as [string, string]));
    for (const off of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(features.get(off)).toBe('()');
    }
    for (const own of ['autoplay', 'fullscreen', 'clipboard-write']) expect(features.get(own)).toBe('(self)');
  });
});
