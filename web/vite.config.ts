/**
 * The SPA's build and dev server. Run from the repository root:
 * `npx vite --config web/vite.config.ts` (dev) or `npx vite build --config web/vite.config.ts`.
 *
 * Dev server: port APP_PORT (default 5173, strict so a busy port fails instead of moving), and
 * `/api/*` proxied unchanged to the local gateway at GATEWAY_URL (it serves under `/api`, like
 * CloudFront in front of API Gateway in production).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { parseWebEnv, type WebEnv } from './src/config/env-schema.ts';
import { sitemapPlugin } from './scripts/sitemap.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function appPort(): number {
  const raw = process.env.APP_PORT;
  if (raw === undefined || raw === '') return 5173;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`APP_PORT must be a port number (0-65535), got "${raw}"`);
  }
  return port;
}

function gatewayUrl(): string {
  const raw = process.env.GATEWAY_URL ?? 'http://localhost:4000';
  // Fails loudly on a malformed value instead of proxying to nowhere.
  return new URL(raw).origin;
}

/**
 * The SPA's VITE_ variables (from web/.env* files or the environment), checked here so a bad value stops
 * the build instead of shipping. `vite build` also requires the footer's company details (its output may
 * be deployed); the dev server (and `vite preview`, which serves a finished build) gets plainly unset ones.
 */
function checkedEnv(mode: string, command: 'build' | 'serve'): WebEnv {
  return parseWebEnv(loadEnv(mode, webRoot, 'VITE_'), command === 'build' ? 'build' : 'dev');
}

/** The checked values, defaults applied, written into the bundle one `import.meta.env.VITE_…` at a time. */
function envDefines(env: WebEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)]),
  );
}

export default defineConfig(({ mode, command }) => {
  const env = checkedEnv(mode, command);
  return {
    root: webRoot,
    // sitemap.xml and robots.txt from the public routes and the content (web/scripts/sitemap.ts).
    plugins: [react(), sitemapPlugin(env)],
    define: envDefines(env),
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // web/scripts/bundle-size.ts reads it to sum the JS each route loads first.
      manifest: true,
      // Browsers without modulepreload (Safari before 17) still load every chunk, just without the
      // head start; the polyfill would cost every customer page about half a kilobyte.
      modulePreload: { polyfill: false },
    },
    server: {
      port: appPort(),
      strictPort: true,
      // shared/ lives beside web/: let the dev server read it.
      fs: { allow: [repoRoot] },
      proxy: { '/api': { target: gatewayUrl() } },
    },
    preview: { port: appPort(), strictPort: true, proxy: { '/api': { target: gatewayUrl() } } },
  };
});
