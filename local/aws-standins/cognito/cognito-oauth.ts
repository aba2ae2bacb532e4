/**
 * The hosted sign-in (Cognito's user pool domain) on its own HTTPS port, with a self-signed
 * certificate made at start, since Amplify only builds `https://{domain}/oauth2/...` addresses:
 *
 *   GET  /oauth2/authorize      -> /login, or straight back with a code (cognito-oauth-login.ts)
 *   GET  /login, POST /login    the sign-in page
 *   POST /forceChangePassword   the new password of a user with a temporary one
 *   GET  /logout                ends the hosted session, back to a registered sign-out URL
 *   POST /oauth2/token, POST /oauth2/revoke, GET|POST /oauth2/userInfo (cognito-oauth-token.ts)
 *
 * It shares the users, app clients and token issuer of the JSON API, so its tokens are the same.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'cognito-local/lib/services/context.js';
import { makeSelfSignedCertificate, type SelfSignedCertificate } from './cognito-certificate';
import { allowCrossOrigin, formBody, sendHtml, sendOAuthJson } from './cognito-oauth-http';
import { hostedPages, newHostedState } from './cognito-oauth-login';
import { errorPage } from './cognito-oauth-pages';
import { revokeEndpoint, tokenEndpoint, userInfoEndpoint, type OAuthAnswer } from './cognito-oauth-token';
import type { CognitoCore } from './cognito-sign-in';
import { closeServer, listenOn } from '../http/ports';

export interface HostedSignIn {
  /** `https://localhost:PORT` */
  url: string;
  certificate: SelfSignedCertificate;
  stop(): Promise<void>;
}

export interface HostedSignInOptions {
  core: CognitoCore;
  ctx: Context;
  /** 0 takes a free port. */
  port: number;
  host?: string | undefined;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function routes({ core, ctx }: HostedSignInOptions): Map<string, Handler> {
  const state = newHostedState();
  const pages = hostedPages(core, ctx, state);
  const answer = (res: ServerResponse, reply: OAuthAnswer) =>
    sendOAuthJson(res, reply.status, reply.body, reply.headers);
  const userInfo: Handler = async (req, res) =>
    answer(res, await userInfoEndpoint(core, ctx, req.headers.authorization));
  return new Map<string, Handler>([
    ['GET /oauth2/authorize', pages.authorize],
    ['GET /login', pages.loginForm],
    ['POST /login', pages.login],
    ['POST /forceChangePassword', pages.forceChangePassword],
    ['GET /logout', pages.logout],
    [
      'POST /oauth2/token',
      async (req, res) =>
        answer(
          res,
          await tokenEndpoint(core, ctx, state.codes, await formBody(req), req.headers.authorization),
        ),
    ],
    [
      'POST /oauth2/revoke',
      async (req, res) =>
        answer(res, await revokeEndpoint(core, ctx, await formBody(req), req.headers.authorization)),
    ],
    ['GET /oauth2/userInfo', userInfo],
    ['POST /oauth2/userInfo', userInfo],
  ]);
}

export async function startHostedSignIn(options: HostedSignInOptions): Promise<HostedSignIn> {
  const certificate = makeSelfSignedCertificate();
  const table = routes(options);
  const server: Server = createServer({ cert: certificate.pem, key: certificate.keyPem }, (req, res) => {
    allowCrossOrigin(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const { pathname } = new URL(req.url ?? '/', 'https://localhost');
    const handler = table.get(`${req.method} ${pathname}`);
    if (!handler) return sendHtml(res, 404, errorPage('Not found'));
    handler(req, res).catch((error: unknown) => {
      console.error('[cognito] hosted sign-in failed:', error);
      if (!res.headersSent) sendOAuthJson(res, 500, { error: 'server_error' });
    });
  });
  const port = await listenOn(
    server,
    options.port,
    'Cognito hosted sign-in',
    'the oauthPort option',
    options.host,
  );
  return { url: `https://localhost:${port}`, certificate, stop: () => closeServer(server) };
}
