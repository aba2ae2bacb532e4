/**
 * A production build of the SPA behind Vite's preview server: what the end-to-end run serves, so its pages
 * run the bundle a deployment ships under the policy CloudFront sends (web/vite.config.ts sets the headers).
 * Built once per start with the local settings into a folder of its own (web/dist is left to deployments
 * and engineers' checks), `/api` proxied to the local edge and `/runtime-config.json` answered as the
 * dev server does (local/stack/web-dev-server.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { exampleCompanySettings } from '../../web/src/config/env-schema';
import {
  localUrl,
  runtimeConfigPlugin,
  setWebServerEnvironment,
  webPortError,
  type WebServer,
  type WebServerOptions,
} from './web-dev-server';

const CONFIG_FILE = path.resolve('web/vite.config.ts');

export async function startWebPreviewServer(options: WebServerOptions): Promise<WebServer> {
  // A build refuses to start without the footer's company details: plainly fake ones, never deployed.
  setWebServerEnvironment(options, exampleCompanySettings('local build'));
  const { build, preview } = await import('vite');
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-web-build-'));
  try {
    await build({ configFile: CONFIG_FILE, logLevel: 'error', build: { outDir, emptyOutDir: true } });
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
      stop: async () => {
        await server.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}
