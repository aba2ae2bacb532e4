/**
 * The sign-in library stays out of the customer routes: a production build of the SPA, and the
 * JavaScript each customer route loads first (entry plus the route's chunk and their static imports)
 * must not contain Amplify, while the seller session chunk does (so this check can fail), nor the route
 * table's zod schemas, while they do carry its addresses.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { exampleCompanySettings } from '../../web/src/config/env-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClosure as closureOf, type Manifest } from '../../web/scripts/manifest';

/** A string Amplify's core always carries (the key of its default instance). */
const AMPLIFY_MARKER = 'amplify_default';
const CUSTOMER_PAGES = [
  'src/app/order-route.tsx',
  'src/features/checkout-result/success-page.tsx',
  'src/features/checkout-result/cancel-page.tsx',
  'src/features/checkout-result/checkout-order-redirect.tsx',
  'src/features/home/home-page.tsx',
];

let outDir: string;
let manifest: Manifest;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-spa-'));
  process.env.VITE_CAPTCHA_SITE_KEY ??= 'bundle-check';
  // A production build requires the company's details: plainly fake ones for this check.
  for (const [name, value] of Object.entries(exampleCompanySettings('bundle check')))
    process.env[name] ??= value;
  await build({
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 120_000);
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const staticClosure = (key: string, seen?: Set<string>): Set<string> => closureOf(manifest, key, seen);

const contents = (key: string) => readFile(path.join(outDir, manifest[key]!.file), 'utf8');

describe('customer routes without Amplify', () => {
  it('the seller session chunk carries Amplify', async () => {
    expect(await contents('src/lib/auth/session.ts')).toContain(AMPLIFY_MARKER);
  });

  it.each(CUSTOMER_PAGES)('%s loads no Amplify code first', async (page) => {
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)!;
    const keys = staticClosure(page, staticClosure(entry));
    for (const key of keys) expect(await contents(key), key).not.toContain(AMPLIFY_MARKER);
  });
});

/** A property every zod schema object carries at run time. */
const ZOD_MARKER = '_zod';

describe('customer routes without the zod schemas of the route table', () => {
  it.each(CUSTOMER_PAGES)('%s loads the route addresses but no schema first', async (page) => {
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)!;
    const first = await Promise.all([...staticClosure(page, staticClosure(entry))].map(contents));
    // The API client's addresses come from the route table (virtual:route-addresses)...
    expect(first.some((code) => code.includes('/public/orders/{orderId}'))).toBe(true);
    // ...without the schemas beside them.
    for (const code of first) expect(code).not.toContain(ZOD_MARKER);
  });
});

/**
 * The navigation loads on every page right after it: without a stored seller session (every customer's
 * phone) it must not bring the auth store, whose stored-user parsing brings zod (tens of milliseconds of
 * a phone's main thread to set up). The session's links do bring it (so this check can fail).
 */
describe('the navigation without the auth store', () => {
  it('the navigation chunk and its static imports carry no zod; the session links chunk does', async () => {
    const nav = await Promise.all([...staticClosure('src/app/site-nav.tsx')].map(contents));
    for (const code of nav) expect(code).not.toContain(ZOD_MARKER);
    const session = await Promise.all([...staticClosure('src/app/chrome/session-links.tsx')].map(contents));
    expect(session.some((code) => code.includes(ZOD_MARKER))).toBe(true);
  });
});
