/**
 * The SPA's Vite dev server (`npm run dev`), `/api` proxied to the local edge (see web/vite.config.ts),
 * `/runtime-config.json` served as the site's bucket serves it in a deployment, and the security headers
 * of shared/platform/security-headers.ts for the stand-ins' origins, with what Vite's dev client needs added.
 * local/stack/web-preview-server.ts serves a production build the same way.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';
import { RUNTIME_CONFIG_FILE } from '../../infra/stacks/site-stack';
import {
  GOOGLE_TAG,
  META_PIXEL,
  STRIPE_PRICING_TABLE,
  type SiteOrigins,
} from '../../shared/platform/security-headers';
import { SITE_ORIGINS_VARIABLE } from '../../web/vite.config';
import { closeServer, PortInUseError } from '@shutterlane/aws-standins/http/ports';

export interface WebServerOptions {
  port: number;
  /** Where `/api` goes: the local edge (CloudFront's stand-in), which passes it on to the gateway. */
  gatewayOrigin: string;
  /** VITE_* variables the SPA reads through import.meta.env. */
  env: Record<string, string>;
  /** The deployed `/runtime-config.json`, with the local endpoints. */
  runtimeConfig: Record<string, unknown>;
  /** What the pages reach, for their Content-Security-Policy (localSiteOrigins). */
  siteOrigins: SiteOrigins;
}

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

/** The stand-ins the pages reach, as `LocalStack['urls']` names them. */
export interface StandInUrls {
  cognito: string;
  cognitoOAuth: string;
  s3: string;
  captcha: string;
  content: string;
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The pages' origins locally: the AWS policy's, with each stand-in in place of what it stands in for. The
 * captcha stub serves its script under /recaptcha/ and takes token requests at /token; the buckets share
 * the S3 stand-in's origin (path-style URLs); the content API has its own port, where AWS serves it under
 * the site's /api. Stripe's and the analytics vendors' sources are AWS's own: the bundle may load them.
 */
export function localSiteOrigins(urls: StandInUrls): SiteOrigins {
  const captcha = originOf(urls.captcha);
  const content = originOf(urls.content);
  return {
    https: false,
    cognito: originOf(urls.cognito),
    hostedSignIn: originOf(urls.cognitoOAuth),
    buckets: [originOf(urls.s3)],
    captcha: { script: [`${captcha}/recaptcha/`], connect: [`${captcha}/token`] },
    stripe: STRIPE_PRICING_TABLE,
    analytics: [GOOGLE_TAG, META_PIXEL],
    content: { connect: [content], img: [content] },
  };
}

/**
 * What web/vite.config.ts reads when Vite loads it: the SPA's settings, the gateway, the port and the
 * pages' origins (Vite reads VITE_ variables from process.env).
 */
export function setWebServerEnvironment(options: WebServerOptions, extra: Record<string, string> = {}): void {
  Object.assign(process.env, options.env, extra, {
    GATEWAY_URL: options.gatewayOrigin,
    APP_PORT: String(options.port),
    [SITE_ORIGINS_VARIABLE]: JSON.stringify(options.siteOrigins),
  });
}

/** Answers `/runtime-config.json` like the site's bucket: JSON, never cached (dev and preview servers). */
export function runtimeConfigPlugin(config: Record<string, unknown>): Plugin {
  const body = JSON.stringify(config);
  const serve = (server: { middlewares: Connect.Server }) => {
    server.middlewares.use(`/${RUNTIME_CONFIG_FILE}`, (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(body);
    });
  };
  return { name: 'shutterlane-runtime-config', configureServer: serve, configurePreviewServer: serve };
}

/** A PortInUseError for the web app's port when that is why the server could not start. */
export function webPortError(error: unknown, port: number): unknown {
  const inUse = error instanceof Error && error.message.includes('already in use');
  return inUse ? new PortInUseError(port, 'the web app', 'APP_PORT') : error;
}

/** The server's URL on the port it listens on (0 asks for any). */
export function localUrl(httpServer: Server | null | undefined, port: number): string {
  const actual = httpServer ? (httpServer.address() as { port: number }).port : port;
  return `http://localhost:${actual}`;
}

export async function startWebDevServer(options: WebServerOptions): Promise<WebServer> {
  setWebServerEnvironment(options);
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
    throw webPortError(error, options.port);
  }
  const httpServer = server.httpServer as Server | null;
  return {
    url: localUrl(httpServer, options.port),
    stop: async () => {
      await server.close();
      if (httpServer) await closeServer(httpServer).catch(() => undefined);
    },
  };
}
