/**
 * A production build of the SPA behind Vite's preview server: what the end-to-end run serves, so its pages
 * run the bundle a deployment ships under the policy CloudFront sends (web/vite.config.ts sets the headers).
 * Built with the local settings into a folder of its own (web/dist is left to deployments and engineers'
 * checks), kept while the sources and settings are unchanged (local/stack/build-cache.ts), `/api` proxied to the
 * local edge and `/runtime-config.json` answered as the dev server does (local/stack/web-dev-server.ts).
 *
 * The build runs in a process of its own, `vite build` as an engineer runs it: the stack starts it before
 * the stand-ins (its settings follow from the ports), so it overlaps the synthesis and the stand-ins' start.
 */
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { exampleCompanySettings } from '../../web/src/config/env-schema';
import { cachedBuild, ContentHasher, filesUnder, LOCAL_CACHE_DIR, type CachedBuild } from './build-cache';
import {
  localUrl,
  runtimeConfigPlugin,
  setWebServerEnvironment,
  webPortError,
  type WebServer,
  type WebServerOptions,
} from './web-dev-server';

const CONFIG_FILE = path.join(REPO_ROOT, 'web', 'vite.config.ts');
const VITE_CLI = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const BUILDS_DIR = path.join(LOCAL_CACHE_DIR, 'web');
/**
 * What the build reads besides node_modules: the SPA, the contract beside it, and the content its sitemap
 * lists (web/scripts/sitemap.ts). Tests and earlier builds do not shape it.
 */
const SOURCES = ['web', 'shared', 'content', path.join('functions', 'content')];
const NOT_A_SOURCE = /(^web[\\/]dist$|\.test\.tsx?$|node_modules)/;

/** The SPA's settings a build bakes in: the VITE_* variables, with a build's required company details. */
function buildEnvironment(env: Record<string, string>): Record<string, string> {
  // A build refuses to start without the footer's company details: plainly fake ones, never deployed.
  const inherited = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_'));
  return { ...Object.fromEntries(inherited), ...exampleCompanySettings('local build'), ...env } as Record<
    string,
    string
  >;
}

/** Builds the SPA with these VITE_* settings, or reuses the build an earlier start made from the same. */
export async function buildWebApp(env: Record<string, string>): Promise<CachedBuild> {
  const settings = buildEnvironment(env);
  return cachedBuild({
    dir: BUILDS_DIR,
    settings: JSON.stringify(Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))),
    hasher: new ContentHasher(),
    build: async (outDir) => {
      await promisify(execFile)(
        process.execPath,
        [
          VITE_CLI,
          'build',
          '--config',
          CONFIG_FILE,
          '--logLevel',
          'error',
          '--outDir',
          outDir,
          '--emptyOutDir',
        ],
        { cwd: REPO_ROOT, env: { ...process.env, ...settings }, maxBuffer: 16 * 1024 * 1024 },
      );
      return [...(await filesUnder(SOURCES, NOT_A_SOURCE)), 'package-lock.json'];
    },
  });
}

/** Serves the build (`built`, when the stack started it early; else built here from `options.env`). */
export async function startWebPreviewServer(
  options: WebServerOptions,
  built: Promise<CachedBuild> = buildWebApp(options.env),
): Promise<WebServer> {
  const { outDir } = await built;
  setWebServerEnvironment(options, exampleCompanySettings('local build'));
  const { preview } = await import('vite');
  const server = await preview({
    configFile: CONFIG_FILE,
    logLevel: 'error',
    plugins: [runtimeConfigPlugin(options.runtimeConfig)],
    build: { outDir },
    preview: { port: options.port, strictPort: true },
  }).catch((error: unknown) => {
    throw webPortError(error, options.port);
  });
  return {
    url: localUrl(server.httpServer as Server, options.port),
    stop: () => server.close(),
  };
}
