/**
 * The installable seller app's files, written into the build by the Vite plugin at the end of this
 * file: the web app manifest (/manifest.webmanifest), its PNG icons drawn from /favicon.svg, and the
 * service worker (/seller-sw.js, from web/src/app/seller-app/seller-worker.ts) with the seller shell's
 * files, read from the build's manifest, to fetch on install. Vite hashes every file's name, so the
 * list can only be known once the build has written them.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import {
  ICON_BACKGROUND,
  ICON_SOURCE,
  MANIFEST_ICONS,
  WEB_APP_MANIFEST,
  WEB_APP_MANIFEST_PATH,
  type ManifestIcon,
} from '../src/app/seller-app/web-app-manifest';
import { SELLER_WORKER_URL } from '../src/app/seller-app/seller-worker-routing';
import type { Manifest } from './manifest';
import { SELLER_ROUTE_ADDRESSES_MODULE } from './route-addresses';

const WORKER_SOURCE = fileURLToPath(new URL('../src/app/seller-app/seller-worker.ts', import.meta.url));

/**
 * What a seller page loads besides its page: the seller areas (with every seller page, loaded lazily)
 * and the chrome the layout loads after the page (web/src/app/layout.tsx).
 */
export const SHELL_ROOTS = [
  // The seller routes' addresses, which the API client loads at the first seller call (the manifest keys
  // a virtual module by its id, relative to the web root).
  `../${SELLER_ROUTE_ADDRESSES_MODULE}`,
  'src/app/seller-area.tsx',
  'src/app/seller-tools-area.tsx',
  'src/app/site-nav.tsx',
  'src/app/chrome/site-footer.tsx',
  'src/app/chrome/site-services.tsx',
] as const;

/**
 * What a seller page loads only when online, left out of the shell: describing a face (face-api, its WASM
 * and some 12 MB of weights) serves hiding a person, which the server must answer anyway.
 */
export const ONLINE_ONLY = ['src/lib/faces/selfie-descriptor.ts'] as const;

/**
 * The build's files a seller page may load, as site paths: the entry with its static imports, and
 * each root with everything it imports, statically or lazily, with their stylesheets and files. The
 * entry's own lazy imports are the route table (customer pages, the marketing site), left out.
 */
export function sellerShellFiles(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry chunk');
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || (ONLINE_ONLY as readonly string[]).includes(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) walk(next);
    if (key !== entryKey) for (const next of chunk.dynamicImports ?? []) walk(next);
  };
  for (const key of [entryKey, ...SHELL_ROOTS]) walk(key);
  const files = [...seen].flatMap((key) => {
    const chunk = manifest[key]!;
    return [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  });
  return [...new Set(files)].map((file) => `/${file}`).sort();
}

/** The worker's precache list: the shell's hashed files and the unhashed ones the page links. */
export const staticShellFiles = (): string[] => [
  `/${ICON_SOURCE}`,
  WEB_APP_MANIFEST_PATH,
  ...MANIFEST_ICONS.map((icon) => icon.src),
];

/** A version that changes with any file of the shell or the page itself (index.html). */
export const shellVersion = (files: readonly string[], indexHtml: string): string =>
  createHash('sha256').update(files.join('\n')).update('\n').update(indexHtml).digest('hex').slice(0, 16);

async function drawIcon(svg: Buffer, icon: ManifestIcon): Promise<Buffer> {
  const artworkSide = Math.round(icon.size * icon.artworkScale);
  const artwork = await sharp(svg, { density: 72 * (artworkSide / 64) * 2 })
    .resize(artworkSide, artworkSide)
    .png()
    .toBuffer();
  if (icon.artworkScale === 1) return artwork;
  return sharp({
    create: { width: icon.size, height: icon.size, channels: 4, background: ICON_BACKGROUND },
  })
    .composite([{ input: artwork, gravity: 'centre' }])
    .png()
    .toBuffer();
}

async function buildWorker(shell: { version: string; files: string[] }): Promise<string> {
  const result = await esbuild({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { __SELLER_SHELL__: JSON.stringify(shell) },
  });
  return result.outputFiles[0]!.text;
}

/** Writes the manifest, the icons and the worker next to the build's index.html. */
export function sellerAppPlugin(): Plugin {
  let outDir = '';
  let publicDir = '';
  return {
    name: 'shutterlane-seller-app',
    apply: 'build',
    // The SPA registers the worker only where a build wrote it (not under the dev server). Not
    // import.meta.env.PROD: a build run with NODE_ENV=test (the end-to-end stack's) is not PROD.
    config: () => ({ define: { 'import.meta.env.SELLER_APP_WORKER': JSON.stringify(SELLER_WORKER_URL) } }),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    async writeBundle() {
      const manifestFile = path.join(outDir, '.vite/manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
      const svg = await readFile(path.join(publicDir, ICON_SOURCE));
      await mkdir(path.join(outDir, 'icons'), { recursive: true });
      for (const icon of MANIFEST_ICONS)
        await writeFile(path.join(outDir, icon.src), await drawIcon(svg, icon));
      await writeFile(
        path.join(outDir, WEB_APP_MANIFEST_PATH),
        `${JSON.stringify(WEB_APP_MANIFEST, null, 2)}\n`,
      );
      const files = [...sellerShellFiles(manifest), ...staticShellFiles()];
      const version = shellVersion(files, await readFile(path.join(outDir, 'index.html'), 'utf8'));
      await writeFile(path.join(outDir, SELLER_WORKER_URL), await buildWorker({ version, files }));
    },
  };
}
