/**
 * The sign-in library stays out of the customer routes: a production build of the SPA, and the
 * JavaScript each customer route loads first (entry plus the route's chunk and their static imports)
 * must not contain Amplify, while the seller session chunk does (so this check can fail).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { exampleCompanySettings } from '../../web/src/config/env-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

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

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

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
