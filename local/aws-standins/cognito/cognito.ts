/**
 * Local Cognito user pool: cognito-local 5.3 in-process behind a compatibility layer, on one
 * public HTTP port, plus the hosted sign-in's OAuth 2.0 endpoints on an HTTPS port of their own.
 *
 * - The JSON API (`POST /` with `x-amz-target`): cognito-api.ts (IAM hook, token and password
 *   checks) over cognito-local's operations and ours (cognito-compat.ts: SRP, refresh, sign-out,
 *   revocation, resend, AWS's sign-in errors).
 * - `GET /<poolId>/.well-known/jwks.json` comes from cognito-local; `openid-configuration` is
 *   answered here with this port's issuer (cognito-local hard-codes 9229). cognito-local's other
 *   routes (its lenient OAuth pages among them) are not served.
 * - Permissive CORS, since Amplify calls it from the SPA's origin.
 *
 * Data lives in `<dataDir>/cognito/`; the pool and app client come from `userPool` and `appClient`
 * (by default the fixed local ones of cognito-pool.ts). Verification codes go to `onCode` (default:
 * one console line) and `lastCode(email)`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { closeServer, listenOn } from '../http/ports';
import { jsonApi, sendAmzJson } from './cognito-api';
import { CodeBook, codeLogLine, type CodeDelivery } from './cognito-codes';
import { compatOperations } from './cognito-compat';
import type { IamAuthorizer } from './cognito-iam';
import type { CognitoLocal, CognitoLocalOptions } from './cognito-local';
import { startHostedSignIn, type HostedSignIn } from './cognito-oauth';
import { ensureUserPool, type AppClientDefinition, type UserPoolDefinition } from './cognito-pool';
import { newCore } from './cognito-sign-in';

export type { CodeDelivery } from './cognito-codes';
export { codeMail } from './cognito-codes';
export type { IamAuthorizer, IamCall, IamRefusal } from './cognito-iam';
export {
  DEFAULT_APP_CLIENT,
  DEFAULT_USER_POOL,
  LOCAL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  type AppClientDefinition,
  type UserPoolDefinition,
} from './cognito-pool';

export interface CognitoOptions {
  port: number;
  /** Pools and users live in `<dataDir>/cognito/`. */
  dataDir: string;
  /** Receives every verification / reset code (e.g. to put it in the mail outbox). */
  onCode?: (delivery: CodeDelivery) => void | Promise<void>;
  /** The PreSignUp trigger, run in-process (see cognito-local.ts). */
  preSignUp?: CognitoLocalOptions['preSignUp'];
  /** Interface to bind (both ports); all interfaces when omitted. */
  host?: string;
  /** cognito-local's own log level (pino); default from COGNITO_LOG_LEVEL, else "error". */
  logLevel?: string;
  /** The hosted sign-in's HTTPS port; 0 (the default) takes a free one. */
  oauthPort?: number;
  /** The user pool to serve (e.g. from the template's AWS::Cognito::UserPool); default DEFAULT_USER_POOL. */
  userPool?: UserPoolDefinition;
  /** Its app client (AWS::Cognito::UserPoolClient); default DEFAULT_APP_CLIENT. */
  appClient?: AppClientDefinition;
  /**
   * Called before every IAM-authenticated operation (Admin*, ListUsers, DescribeUserPool, ...) with
   * the request as received; a non-null answer (AWS's status and error JSON) is sent instead and the
   * operation does not run. Without it such calls are allowed, as for an administrator.
   */
  authorizeIamCall?: IamAuthorizer;
}

export interface CognitoStandIn {
  /** The endpoint for SDKs and Amplify (`userPoolEndpoint`). */
  url: string;
  port: number;
  userPoolId: string;
  clientId: string;
  /** Equal to the `iss` claim of every token. */
  issuer: string;
  jwksUrl: string;
  /** The hosted sign-in's base URL, e.g. `https://localhost:PORT` (what `/oauth2/...` hangs off). */
  oauthUrl: string;
  /** Its host and port, e.g. `localhost:PORT`: the `domain` of Amplify's OAuth settings. */
  oauthDomain: string;
  /** The self-signed certificate (PEM) the hosted sign-in serves, made at start. */
  certificatePem: string;
  /** Base64 SHA-256 of its DER SubjectPublicKeyInfo (Chromium's --ignore-certificate-errors-spki-list). */
  spkiSha256: string;
  /** The latest code sent to an email address, if any since this start. */
  lastCode(email: string): string | undefined;
  stop(): Promise<void>;
}

function allowCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype');
  if (req.method !== 'OPTIONS') return;
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('access-control-max-age', '600');
}

/** "AWSCognitoIdentityProviderService.InitiateAuth" -> "InitiateAuth". */
const operationName = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' ? header.split('.')[1] : undefined;

const openIdConfiguration = (url: string, poolId: string) => ({
  issuer: `${url}/${poolId}`,
  jwks_uri: `${url}/${poolId}/.well-known/jwks.json`,
  id_token_signing_alg_values_supported: ['RS256'],
});

/** Routes of the JSON API port: the API, JWKS and OpenID configuration; nothing else. */
function apiRoutes(local: CognitoLocal, api: ReturnType<typeof jsonApi>, url: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    allowCrossOrigin(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const { pathname } = new URL(req.url ?? '/', url);
    const name = operationName(req.headers['x-amz-target']);
    if (req.method === 'POST' && pathname === '/' && name) return api(req, res, name);
    const wellKnown = /^\/([^/]+)\/\.well-known\/(jwks\.json|openid-configuration)$/.exec(pathname);
    if (req.method === 'GET' && wellKnown?.[2] === 'openid-configuration')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(openIdConfiguration(url, wellKnown[1] ?? '')));
    if (req.method === 'GET' && wellKnown) return local.app(req, res);
    if (req.method === 'POST' && pathname === '/')
      return sendAmzJson(res, 400, { __type: 'UnknownOperationException', message: 'Missing x-amz-target' });
    sendAmzJson(res, 404, {
      __type: 'UnknownOperationException',
      message: `No route for ${req.method} ${pathname}`,
    });
  };
}

export async function startCognito(options: CognitoOptions): Promise<CognitoStandIn> {
  const codes = new CodeBook();
  const deliverCode = options.onCode ?? ((delivery: CodeDelivery) => console.info(codeLogLine(delivery)));
  const onCode = async (delivery: CodeDelivery) => {
    codes.record(delivery);
    try {
      await deliverCode(delivery);
    } catch (error) {
      // Like a bounced mail in AWS: the sign-up still happened.
      console.error(`[cognito] delivering a ${delivery.source} code failed:`, error);
    }
  };

  // Listen first: with port 0 the issuer (which names the port) is only known afterwards.
  // Requests arriving before cognito-local is assembled wait for it.
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await ready;
    return handle(req, res);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendAmzJson(res, 500, { __type: 'InternalErrorException', message: String(error) });
    });
  });
  const port = await listenOn(server, options.port, 'Cognito stand-in', 'COGNITO_PORT', options.host);
  const url = `http://localhost:${port}`;
  let hosted: HostedSignIn | undefined;

  try {
    const { createCognitoLocal } = await import('./cognito-local');
    const local = await createCognitoLocal({
      dataDirectory: path.join(options.dataDir, 'cognito'),
      issuerDomain: url,
      onCode,
      logLevel: options.logLevel ?? process.env.COGNITO_LOG_LEVEL ?? 'error',
      ...(options.preSignUp && { preSignUp: options.preSignUp }),
    });
    const { userPoolId, clientId } = await ensureUserPool(local.services, local.ctx, options);
    const core = newCore(local.services, local.tokens);
    const api = jsonApi({
      local,
      core,
      compat: compatOperations(local, core),
      authorizeIamCall: options.authorizeIamCall,
    });
    hosted = await startHostedSignIn({
      core,
      ctx: local.ctx,
      port: options.oauthPort ?? 0,
      host: options.host,
    });
    handle = apiRoutes(local, api, url);
    markReady();

    const issuer = `${url}/${userPoolId}`;
    const hostedSignIn = hosted;
    return {
      url,
      port,
      userPoolId,
      clientId,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      oauthUrl: hosted.url,
      oauthDomain: new URL(hosted.url).host,
      certificatePem: hosted.certificate.pem,
      spkiSha256: hosted.certificate.spkiSha256,
      lastCode: (email) => codes.lastCode(email),
      stop: async () => {
        await Promise.all([closeServer(server), hostedSignIn.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([closeServer(server), hosted?.stop()]);
    throw error;
  }
}
