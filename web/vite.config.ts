/**
 * The SPA's build and dev server. Run from the repository root:
 * `npx vite --config web/vite.config.ts` (dev) or `npx vite build --config web/vite.config.ts`.
 *
 * Dev server: port APP_PORT (default 5173, strict so a busy port fails instead of moving), and
 * `/api/*` and `/previews/*` proxied unchanged to the local edge at GATEWAY_URL (the API serves under `/api`, like
 * CloudFront in front of API Gateway in production). The dev and preview servers send the security
 * headers CloudFront sends (shared/platform/security-headers.ts) for the origins in SHUTTERLANE_SITE_ORIGINS;
 * the dev server adds only what Vite's dev client needs.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Connect, type Plugin } from 'vite';
import {
  apiSecurityHeaders,
  cspHashSource,
  pageSecurityHeaders,
  viteDevClient,
  type SecurityHeaders,
  type SiteOrigins,
} from '#shared/platform/security-headers';
import { API_BASE } from '#shared/contract/route-paths';
import { PREVIEWS_ROOT } from '#shared/contract/preview-paths';
import { parseWebEnv, type WebEnv } from './src/config/env-schema.ts';
import { routeAddressesPlugin } from './scripts/route-addresses.ts';
import { sitemapPlugin } from './scripts/sitemap.ts';
import { contentPreconnectPlugin } from './scripts/content-preconnect.ts';
import { sellerAppPlugin } from './scripts/seller-app.ts';

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

/** Where the local servers (local/stack/web-dev-server.ts, web-preview-server.ts) put the pages' origins, as JSON. */
export const SITE_ORIGINS_VARIABLE = 'SHUTTERLANE_SITE_ORIGINS';

/**
 * The origins the local pages reach (the stand-ins). Without them, a bare `vite` or `vite preview`, only
 * the page's own origin is allowed: a stand-in it cannot reach shows as a CSP violation, not a quiet gap.
 */
function siteOrigins(): SiteOrigins {
  const raw = process.env[SITE_ORIGINS_VARIABLE];
  if (raw === undefined || raw === '') return { https: false };
  const origins = JSON.parse(raw) as SiteOrigins | null;
  if (typeof origins?.https !== 'boolean')
    throw new Error(`${SITE_ORIGINS_VARIABLE} is not a SiteOrigins object`);
  return origins;
}

/** The React Refresh preamble the dev server writes inline into index.html, as a CSP hash source. */
const reactPreambleHash = cspHashSource(
  createHash('sha256').update(react.preambleCode.replace('__BASE__', '/'), 'utf8').digest('base64'),
);

/**
 * React Router publishes a production build beside its development one but names only the development
 * build in its package exports (no `production` condition). That one keeps its developer warnings, about
 * 2 KB gzip of the entry chunk every customer page loads first, so a build takes the production file.
 */
function reactRouterProductionBuild(): { find: RegExp; replacement: string } {
  const development = createRequire(import.meta.url).resolve('react-router');
  return {
    find: /^react-router$/,
    replacement: development.replace(/development([\\/])index\.m?js$/, 'production$1index.mjs'),
  };
}

/** The Host a page came from, when it is a plain host and port (it ends up in the policy). */
const plainHost = (req: IncomingMessage) => /^[\w.-]+(:\d+)?$/.exec(req.headers.host ?? '')?.[0];

/** CloudFront gives the API's headers to `/api/*` and to the previews (infra/constructs/previews-behavior.ts). */
const servedLikeTheApi = (url: string | undefined): boolean =>
  url !== undefined && (url.startsWith(`${API_BASE}/`) || url.startsWith(PREVIEWS_ROOT));

/** `/api` and `/previews` go to the local edge, as CloudFront sends them to their origins. */
const edgeProxy = () => {
  const target = gatewayUrl();
  return { [API_BASE]: { target }, [PREVIEWS_ROOT.slice(0, -1)]: { target } };
};

/**
 * Every answer gets the headers CloudFront gives it: under /api the API's, anything else the pages'. Set
 * first thing, so Vite's own answers, its 404s and the proxied API answers all carry them.
 */
function securityHeadersPlugin(): Plugin {
  const send = (res: ServerResponse, headers: SecurityHeaders) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
  const middleware =
    (pageHeaders: (req: IncomingMessage) => SecurityHeaders): Connect.NextHandleFunction =>
    (req, res, next) => {
      send(res, servedLikeTheApi(req.url) ? apiSecurityHeaders() : pageHeaders(req));
      next();
    };
  return {
    name: 'shutterlane-security-headers',
    configureServer(server) {
      const origins = siteOrigins();
      // The HMR websocket is on the page's own host and port.
      const devHeaders = (req: IncomingMessage) => {
        const host = plainHost(req);
        return pageSecurityHeaders(
          origins,
          viteDevClient({ websocket: host ? `ws://${host}` : "'self'", preambleHash: reactPreambleHash }),
        );
      };
      server.middlewares.use(middleware(devHeaders));
    },
    configurePreviewServer(server) {
      const previewHeaders = pageSecurityHeaders(siteOrigins());
      server.middlewares.use(middleware(() => previewHeaders));
    },
  };
}

export default defineConfig(({ mode, command }) => {
  const env = checkedEnv(mode, command);
  return {
    root: webRoot,
    // sitemap.xml and robots.txt from the public routes and the content (web/scripts/sitemap.ts); the
    // API client's route addresses from the route table (web/scripts/route-addresses.ts); the content
    // store's preconnect hints (web/scripts/content-preconnect.ts); the installable seller app's
    // manifest, icons and service worker (web/scripts/seller-app.ts).
    plugins: [
      react(),
      routeAddressesPlugin(),
      sitemapPlugin(env),
      contentPreconnectPlugin(env),
      sellerAppPlugin(),
      securityHeadersPlugin(),
    ],
    define: envDefines(env),
    resolve: { alias: command === 'build' ? [reactRouterProductionBuild()] : [] },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // web/scripts/bundle-size.ts reads it to sum the JS each route loads first, and
      // web/scripts/seller-app.ts to list the seller app's files for its service worker.
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
      proxy: edgeProxy(),
    },
    preview: { port: appPort(), strictPort: true, proxy: edgeProxy() },
  };
});
