/**
 * Local Cognito user pool: cognito-local 5.3 in-process behind a thin compatibility layer, on one
 * public port.
 *
 * - The JSON API (`POST /` with `x-amz-target`) goes to cognito-local's operations, except the
 *   ones in cognito-compat.ts (refresh via GetTokensFromRefreshToken, global sign-out, revoke,
 *   resend code, AWS's sign-in errors).
 * - `GET /<poolId>/.well-known/jwks.json` and cognito-local's other routes pass through;
 *   `openid-configuration` is answered here with this port's issuer (cognito-local hard-codes 9229).
 * - Permissive CORS, since Amplify calls it from the SPA's origin.
 *
 * Data lives in `<dataDir>/cognito/`; the pool and app client have fixed ids (cognito-pool.ts).
 * Verification codes go to `onCode` (default: one console line) and `lastCode(email)`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { closeServer, listenOn } from './ports';
import { CodeBook, codeLogLine, type CodeDelivery } from './cognito-codes';
import { awsErrorBody, compatOperations, type CompatOperation } from './cognito-compat';
import { ensureUserPool } from './cognito-pool';
import type { CognitoLocalOptions } from './cognito-local';

export type { CodeDelivery } from './cognito-codes';
export { codeMail } from './cognito-codes';
export { LOCAL_CLIENT_ID, LOCAL_USER_POOL_ID } from './cognito-pool';

export interface CognitoOptions {
  port: number;
  /** Pools and users live in `<dataDir>/cognito/`. */
  dataDir: string;
  /** Receives every verification / reset code (e.g. to put it in the mail outbox). */
  onCode?: (delivery: CodeDelivery) => void | Promise<void>;
  /** The PreSignUp trigger, run in-process (see cognito-local.ts). */
  preSignUp?: CognitoLocalOptions['preSignUp'];
  /** Interface to bind; all interfaces when omitted. */
  host?: string;
  /** cognito-local's own log level (pino); default from COGNITO_LOG_LEVEL, else "error". */
  logLevel?: string;
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
  /** The latest code sent to an email address, if any since this start. */
  lastCode(email: string): string | undefined;
  stop(): Promise<void>;
}

const AMZ_JSON = 'application/x-amz-json-1.1';

/** Cognito answers dates as epoch seconds. */
function amzJson(output: unknown): string {
  return JSON.stringify(output, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
  });
}

function sendJson(res: ServerResponse, status: number, body: string, contentType = AMZ_JSON): void {
  res.writeHead(status, { 'content-type': contentType }).end(body);
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

function parseJson(body: string): unknown {
  try {
    return body ? JSON.parse(body) : {};
  } catch {
    return undefined;
  }
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
        sendJson(res, 500, JSON.stringify({ __type: 'InternalErrorException', message: String(error) }));
    });
  });
  const port = await listenOn(server, options.port, 'Cognito stand-in', 'COGNITO_PORT', options.host);
  const url = `http://localhost:${port}`;

  try {
    const { createCognitoLocal } = await import('./cognito-local');
    const local = await createCognitoLocal({
      dataDirectory: path.join(options.dataDir, 'cognito'),
      issuerDomain: url,
      onCode,
      logLevel: options.logLevel ?? process.env.COGNITO_LOG_LEVEL ?? 'error',
      ...(options.preSignUp && { preSignUp: options.preSignUp }),
    });
    const { userPoolId, clientId } = await ensureUserPool(local.services, local.ctx);
    const compat = compatOperations(local, url);
    const issuer = `${url}/${userPoolId}`;

    const callOperation = async (req: IncomingMessage, res: ServerResponse, name: string) => {
      const body = parseJson(await text(req));
      if (body === undefined) {
        return sendJson(
          res,
          400,
          JSON.stringify({ __type: 'SerializationException', message: 'Body is not JSON' }),
        );
      }
      const operation: CompatOperation = compat[name] ?? local.target(name);
      try {
        sendJson(res, 200, amzJson(await operation(local.ctx, body)));
      } catch (error) {
        if (error instanceof CognitoError) return sendJson(res, 400, JSON.stringify(awsErrorBody(error)));
        const type =
          error instanceof UnsupportedError ? 'CognitoLocal#Unsupported' : 'InternalErrorException';
        sendJson(res, 500, JSON.stringify({ __type: type, message: `${name}: ${String(error)}` }));
      }
    };

    const openIdConfiguration = (res: ServerResponse, poolId: string) =>
      sendJson(
        res,
        200,
        JSON.stringify({
          issuer: `${url}/${poolId}`,
          jwks_uri: `${url}/${poolId}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
        'application/json',
      );

    handle = async (req, res) => {
      allowCrossOrigin(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const { pathname } = new URL(req.url ?? '/', url);
      const name = operationName(req.headers['x-amz-target']);
      if (req.method === 'POST' && pathname === '/' && name) return callOperation(req, res, name);
      const openId = /^\/([^/]+)\/\.well-known\/openid-configuration$/.exec(pathname);
      if (req.method === 'GET' && openId?.[1]) return openIdConfiguration(res, openId[1]);
      local.app(req, res);
    };
    markReady();

    return {
      url,
      port,
      userPoolId,
      clientId,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      lastCode: (email) => codes.lastCode(email),
      stop: () => closeServer(server),
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }
}
