/**
 * Local reCAPTCHA v3 stand-in: Google's script URL and siteverify endpoint on one local port.
 *
 * - `GET /recaptcha/api.js?render=<siteKey>` defines `window.grecaptcha.ready/execute`.
 * - `POST /token` is what that script calls; it records action, page host name and time.
 * - `POST /recaptcha/api/siteverify` (form-encoded `secret`, `response`, `remoteip`) answers like
 *   Google, including the once-only and two-minute rules.
 * - `POST /__control/score {score}` (or `setScore`) changes the score of the next tokens, so tests
 *   can make a submission look like a bot.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';
import { grecaptchaScript } from './captcha-script';
import { decideVerification, isValidAction, isValidScore, secretMatches, TokenStore } from './captcha-tokens';
import { allowAnyOrigin } from '@shutterlane/aws-standins/http/cors';

export interface CaptchaOptions {
  port: number;
  siteKey: string;
  secret: string;
  /** Score of issued tokens (Google: 0.0 bot ... 1.0 human); default 0.9. */
  score?: number;
  /** Interface to bind; all interfaces when omitted. */
  host?: string;
  /** Clock in epoch milliseconds, replaceable so tests can age tokens. */
  now?: () => number;
}

export interface CaptchaStandIn {
  url: string;
  port: number;
  setScore(score: number): void;
  stop(): Promise<void>;
}

const DEFAULT_SCORE = 0.9;

class BadRequest extends Error {}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await text(req));
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw new BadRequest('expected a JSON object body');
}

export async function startCaptcha(options: CaptchaOptions): Promise<CaptchaStandIn> {
  const now = options.now ?? Date.now;
  const tokens = new TokenStore();
  let score = options.score ?? DEFAULT_SCORE;
  const setScore = (next: number) => {
    if (!isValidScore(next)) throw new RangeError(`score must be between 0 and 1, got ${next}`);
    score = next;
  };
  setScore(score);

  const issueToken = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readJsonObject(req);
    if (body.siteKey !== options.siteKey) throw new BadRequest('Invalid site key or not loaded in api.js');
    const action = typeof body.action === 'string' ? body.action : '';
    if (!isValidAction(action)) throw new BadRequest('action may only contain A-Z, a-z, 0-9, / and _');
    const hostname = typeof body.hostname === 'string' && body.hostname ? body.hostname : 'localhost';
    sendJson(res, 200, { token: tokens.issue({ action, hostname, score, issuedAt: now() }) });
  };

  const siteverify = async (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    // Google reads the parameters from the form body or, failing that, the query string.
    const form = new URLSearchParams(await text(req));
    const param = (name: string) => form.get(name) ?? query.get(name) ?? undefined;
    const secret = param('secret');
    const response = param('response');
    const consume = secretMatches({ secret, expectedSecret: options.secret }) && response !== undefined;
    const issued = consume ? tokens.redeem(response) : undefined;
    sendJson(
      res,
      200,
      decideVerification({ secret, expectedSecret: options.secret, response, issued, now: now() }),
    );
  };

  const controlScore = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST') {
      const { score: next } = await readJsonObject(req);
      if (!isValidScore(next)) throw new BadRequest('score must be a number between 0 and 1');
      setScore(next);
    }
    sendJson(res, 200, { score });
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    allowAnyOrigin(req, res);
    const key = `${req.method} ${url.pathname}`;
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (key === 'GET /recaptcha/api.js') {
      const tokenUrl = `http://${req.headers.host ?? `localhost:${port}`}/token`;
      return send(res, 200, 'text/javascript; charset=utf-8', grecaptchaScript(tokenUrl));
    }
    if (key === 'POST /token') return issueToken(req, res);
    if (key === 'POST /recaptcha/api/siteverify') return siteverify(req, res, url.searchParams);
    if (key === 'POST /__control/score' || key === 'GET /__control/score') return controlScore(req, res);
    sendJson(res, 404, { error: `no route for ${key}` });
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const status = error instanceof BadRequest ? 400 : 500;
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  const port = await listenOn(server, options.port, 'reCAPTCHA stand-in', 'CAPTCHA_PORT', options.host);
  return {
    url: `http://localhost:${port}`,
    port,
    setScore,
    stop: () => closeServer(server),
  };
}
