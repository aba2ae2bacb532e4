/**
 * The SPA's initial JavaScript per route, gzip: the entry chunk with its static imports plus the
 * route's lazily loaded chunk with its static imports, read from Vite's build manifest.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { LOCAL_SECRETS } from '@shutterlane/local-stack/config';
import { exampleCompanySettings } from '../../web/src/config/env-schema';
import { type BenchSection, verdict } from '../summary';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  chunk: string;
  gzipBytes: number;
  customer: boolean;
}

const CUSTOMER = /(order|checkout)/i;
/** Initial JavaScript budget of a customer route (gzip). */
const CUSTOMER_BUDGET_BYTES = 90 * 1024;

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

export async function measureSpa(): Promise<{ entryGzipBytes: number; routes: RouteSize[] }> {
  const outDir = path.resolve('web/dist');
  // The build needs a site key and the company details; the local key and plainly fake details of
  // about the length of real ones measure the same bytes.
  process.env.VITE_CAPTCHA_SITE_KEY ??= LOCAL_SECRETS.captchaSiteKey;
  for (const [name, value] of Object.entries(exampleCompanySettings('benchmark build'))) {
    process.env[name] ??= value;
  }
  await build({
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'error',
    build: { manifest: true },
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  const gz = async (key: string) => {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) return 0;
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(await readFile(path.join(outDir, file))).length);
    return gzipCache.get(file)!;
  };
  const sum = async (keys: Set<string>) => (await Promise.all([...keys].map(gz))).reduce((a, b) => a + b, 0);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entryKeys = staticClosure(manifest, entryKey);
  const routes: RouteSize[] = [];
  for (const lazy of manifest[entryKey]!.dynamicImports ?? []) {
    const keys = staticClosure(manifest, lazy, new Set(entryKeys));
    const name = manifest[lazy]!.src ?? lazy;
    routes.push({
      route: name,
      chunk: manifest[lazy]!.file,
      gzipBytes: await sum(keys),
      customer: CUSTOMER.test(name),
    });
  }
  return { entryGzipBytes: await sum(entryKeys), routes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's section on the SPA's first JavaScript per route, and the customer routes' rows. */
export function spaSection({ entryGzipBytes, routes }: Awaited<ReturnType<typeof measureSpa>>): BenchSection {
  const within = (r: RouteSize) => r.gzipBytes < CUSTOMER_BUDGET_BYTES;
  const lines = [
    '## SPA initial JavaScript (gzip)',
    '',
    `Entry chunk and its static imports: ${kb(entryGzipBytes)}. Per route: entry plus the route's lazy chunk.`,
    'Target: customer routes (`/orders/*`, `/checkout/*`) under 90 KB.',
    '',
    '| route module | customer route | initial JS | target |',
    '|---|---|---:|---|',
    ...routes.map(
      (r) =>
        `| ${r.route} | ${r.customer ? 'yes' : 'no'} | ${kb(r.gzipBytes)} | ${r.customer ? verdict(within(r)) : '-'} |`,
    ),
    '',
  ];
  const summary = routes
    .filter((r) => r.customer)
    .map((r) => ({
      figure: `initial JS of ${r.route}`,
      target: '< 90 KB',
      now: kb(r.gzipBytes),
      met: within(r),
      gate: true,
    }));
  return { lines, summary };
}
