/**
 * Gzip size of the JavaScript each route loads first: the entry chunk, the route's lazy chunk and
 * every chunk those import statically. Reads the manifest of the last build:
 *
 *   VITE_CAPTCHA_SITE_KEY=x VITE_COMPANY_LEGAL_NAME='Example Photos Ltd (size check)' \
 *   VITE_COMPANY_REGISTRATION='Not a real company' VITE_COMPANY_ADDRESS='Example Street|Example Town' \
 *   VITE_COMPANY_SOCIAL_LINKS='Instagram=https://example.com/instagram' \
 *   npx vite build --config web/vite.config.ts && npx tsx web/scripts/bundle-size.ts
 *
 * (A build requires the footer's company details: plainly fake ones measure the same bytes as real ones.)
 *
 * Sizes are in kB of 1000 bytes (as in Vite's report), gzip at level 9 and brotli at its default (what
 * CloudFront serves to browsers that accept it). Vite's report uses a lower gzip level, so its per-file
 * numbers add up to about 1 kB more.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { staticClosure as closureOf, type Manifest } from './manifest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Manifest;

/** Route paths and the source file of their lazy page. */
const ROUTES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/orders/{orderId}': 'src/app/order-route.tsx',
  '/checkout/success/{orderId}': 'src/features/checkout-result/success-page.tsx',
  '/checkout/cancel': 'src/features/checkout-result/cancel-page.tsx',
  '/checkout/{orderId}': 'src/features/checkout-result/checkout-order-redirect.tsx',
  '(not found)': 'src/features/not-found/not-found-page.tsx',
};

const staticClosure = (key: string, seen?: Set<string>): Set<string> => closureOf(manifest, key, seen);

const gzipSize = (file: string): number => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
const brotliSize = (file: string): number => brotliCompressSync(readFileSync(`${dist}${file}`)).length;
const kB = (bytes: number): string => `${(bytes / 1000).toFixed(2)} kB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest: run the build first.');
const entryFiles = staticClosure(entryKey);
console.log(`entry (${[...entryFiles].map((k) => manifest[k]?.file).join(', ')})`);

for (const [route, source] of Object.entries(ROUTES)) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
  const keys = staticClosure(source, new Set(entryFiles));
  const files = [...keys].map((key) => manifest[key]?.file ?? key);
  const gzip = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const brotli = files.reduce((sum, file) => sum + brotliSize(file), 0);
  console.log(
    `${route.padEnd(30)} ${kB(gzip).padStart(9)} gzip ${kB(brotli).padStart(9)} brotli  initial JS in ${files.length} files`,
  );
}
