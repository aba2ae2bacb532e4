/**
 * The public face of the local S3: an HTTP proxy that checks SigV4 signatures (s3rver accepts
 * any) and streams everything else to s3rver untouched. CORS preflights pass through, since
 * S3 answers them from the bucket's CORS rules without a signature.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { s3ErrorXml } from './s3-errors';
import { verifyS3Signature, type S3Credentials } from './s3-signature';

interface S3ErrorAnswer {
  status: number;
  code: string;
  message: string;
}

export interface VerifyingProxyOptions {
  /** Where s3rver listens (loopback). */
  upstreamPort: number;
  credentials: S3Credentials;
  /** Origins that get CORS headers on our own error answers, like S3's CORS rules give them. */
  corsOrigins: readonly string[];
  /** Keep-alive agent for the upstream; the caller destroys it on stop. */
  agent: http.Agent;
}

// Hop-by-hop headers belong to one connection and must not be forwarded. `expect` is answered
// here (after the signature check), so s3rver must not see it again.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

function forwardableHeaders(headers: IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)),
  );
}

export function createVerifyingProxy(options: VerifyingProxyOptions): http.Server {
  const server = http.createServer();
  const handle = (expectsContinue: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    authorizeThenForward(req, res, expectsContinue, options).catch((error: unknown) => {
      console.error('[local S3] proxy error:', error);
      if (!res.headersSent)
        sendS3Error(req, res, options.corsOrigins, {
          status: 500,
          code: 'InternalError',
          message: 'We encountered an internal error. Please try again.',
        });
      else res.destroy();
    });
  };
  server.on('request', handle(false));
  // Like S3, answer `Expect: 100-continue` only once the signature is known to be good, so a
  // rejected upload is not sent at all.
  server.on('checkContinue', handle(true));
  return server;
}

async function authorizeThenForward(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
): Promise<void> {
  if (req.method !== 'OPTIONS') {
    const check = await verifyS3Signature(
      { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers },
      options.credentials,
    );
    if (!check.ok) {
      // An upload still waiting for 100-continue never sends its body: the connection cannot be
      // reused. Otherwise read and discard the body so the client sees the answer, not a reset.
      if (expectsContinue) res.setHeader('connection', 'close');
      else req.resume();
      sendS3Error(req, res, options.corsOrigins, check);
      return;
    }
  }
  if (expectsContinue) res.writeContinue();
  forward(req, res, options);
}

function forward(req: IncomingMessage, res: ServerResponse, options: VerifyingProxyOptions): void {
  const upstreamRequest = http.request(
    {
      host: '127.0.0.1',
      port: options.upstreamPort,
      method: req.method,
      path: req.url,
      headers: forwardableHeaders(req.headers),
      agent: options.agent,
    },
    (upstreamResponse) => {
      res.writeHead(upstreamResponse.statusCode ?? 502, forwardableHeaders(upstreamResponse.headers));
      pipeline(upstreamResponse, res, () => undefined);
    },
  );
  // Bodies stream both ways (uploads can be tens of MB); an abort on either side ends both.
  pipeline(req, upstreamRequest, (error) => {
    if (error && !res.headersSent)
      sendS3Error(req, res, options.corsOrigins, {
        status: 502,
        code: 'InternalError',
        message: 'The local S3 store did not answer.',
      });
  });
}

function sendS3Error(
  req: IncomingMessage,
  res: ServerResponse,
  corsOrigins: readonly string[],
  failure: S3ErrorAnswer,
): void {
  const body = s3ErrorXml(failure.code, failure.message);
  const origin = req.headers.origin;
  const cors =
    origin !== undefined && corsOrigins.includes(origin)
      ? { 'access-control-allow-origin': origin, vary: 'Origin' }
      : {};
  res.writeHead(failure.status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    ...cors,
  });
  res.end(body);
}
