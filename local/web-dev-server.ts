/**
 * The SPA's Vite dev server, `/api` proxied to the local gateway (see web/vite.config.ts), and
 * `/runtime-config.json` served as the site's bucket serves it in a deployment.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import type { Plugin } from 'vite';
import { RUNTIME_CONFIG_FILE } from '../infra/stacks/site-stack';
import { closeServer, PortInUseError } from './standins/ports';

export interface WebDevServerOptions {
  port: number;
  gatewayOrigin: string;
  /** VITE_* variables the SPA reads through import.meta.env. */
  env: Record<string, string>;
  /** The deployed `/runtime-config.json`, with the local endpoints. */
  runtimeConfig: Record<string, unknown>;
}

/** Answers `/runtime-config.json` like the site's bucket: JSON, never cached. */
function runtimeConfigPlugin(config: Record<string, unknown>): Plugin {
  const body = JSON.stringify(config);
  return {
    name: 'shutterlane-runtime-config',
    configureServer(server) {
      server.middlewares.use(`/${RUNTIME_CONFIG_FILE}`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(body);
      });
    },
  };
}

export async function startWebDevServer(options: WebDevServerOptions) {
  Object.assign(process.env, options.env, {
    GATEWAY_URL: options.gatewayOrigin,
    APP_PORT: String(options.port),
  });
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    plugins: [runtimeConfigPlugin(options.runtimeConfig)],
    server: { port: options.port, strictPort: true },
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    if ((error as Error).message?.includes('already in use')) {
      throw new PortInUseError(options.port, 'the web app', 'APP_PORT');
    }
    throw error;
  }
  const port = server.httpServer ? (server.httpServer.address() as { port: number }).port : options.port;
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      await server.close();
      if (server.httpServer) await closeServer(server.httpServer as Server).catch(() => undefined);
    },
  };
}
