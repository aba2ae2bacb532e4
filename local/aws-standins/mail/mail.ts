/**
 * Local SES stand-in: an outbox speaking the SES v2 `SendEmail` API.
 *
 * - `POST /v2/email/outbound-emails` (what `SendEmailCommand` sends) stores the message as JSON
 *   under `<dataDir>/mail/` and answers `{ MessageId }`.
 * - `GET /` lists the messages newest first; `GET /messages/<id>` shows one.
 * - `GET /api/messages` (newest first) and `GET /api/messages/<id>` answer JSON for tests.
 *
 * With `identities`, SendEmail is checked as SES checks it (mail-auth.ts): a known key's signature
 * and the caller's IAM policy; without, the outbox accepts whatever credentials the SDK signs with.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { IdentityStore } from '../iam/types';
import { closeServer, listenOn } from '../http/ports';
import {
  BadSendEmailRequest,
  messageFromOutgoing,
  messageFromSendEmail,
  type OutboxMessage,
  type OutgoingMail,
} from './mail-message';
import { authorizeSendEmail } from './mail-auth';
import { MAIL_HTML_CSP, PAGE_CSP, renderMailbox, renderMessage } from './mail-pages';
import { MailStore, newMessageId } from './mail-store';

export type { OutboxMessage, OutgoingMail } from './mail-message';

export interface MailOutboxOptions {
  port: number;
  /** Messages live in `<dataDir>/mail/`. */
  dataDir: string;
  /** Interface to bind; all interfaces when omitted. */
  host?: string;
  /** Check each SendEmail's signature and the caller's `ses:SendEmail` grant, as SES does. */
  identities?: IdentityStore;
  /** The SES identities verified in the account (domains or addresses), when known: a From outside them is rejected. */
  verifiedIdentities?: string[];
}

export interface MailOutbox {
  url: string;
  port: number;
  list(): Promise<OutboxMessage[]>;
  /** Puts a message in the outbox without going through SES (e.g. Cognito's code mails). */
  deliver(mail: OutgoingMail): Promise<OutboxMessage>;
  stop(): Promise<void>;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { 'cache-control': 'no-store', ...headers }).end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(res, status, { 'content-type': 'application/json', ...headers }, JSON.stringify(body));
const sendPage = (res: ServerResponse, status: number, html: string, csp = PAGE_CSP) =>
  send(res, status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }, html);

/** SES v2 errors are REST-JSON: the SDK reads the error name from this header. */
const sendSesError = (res: ServerResponse, status: number, type: string, message: string) =>
  sendJson(res, status, { message }, { 'x-amzn-errortype': type });

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new BadSendEmailRequest('Request body is not JSON');
  }
}

export async function startMailOutbox(options: MailOutboxOptions): Promise<MailOutbox> {
  const store = await new MailStore(path.join(options.dataDir, 'mail')).open();

  const accept = async (message: OutboxMessage) => {
    await store.save(message);
    return message;
  };
  const deliver = (mail: OutgoingMail) => {
    const now = new Date();
    return accept(messageFromOutgoing(mail, newMessageId(now), now));
  };

  const sendEmail = async (req: IncomingMessage, res: ServerResponse) => {
    const now = new Date();
    const body = await buffer(req);
    const { identities, verifiedIdentities } = options;
    if (identities) {
      const call = { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body };
      const refusal = await authorizeSendEmail(call, { identities, verifiedIdentities });
      if (refusal) return sendSesError(res, refusal.status, refusal.type, refusal.message);
    }
    try {
      const request = parseJson(body.toString('utf8'));
      const message = await accept(messageFromSendEmail(request, newMessageId(now), now));
      sendJson(res, 200, { MessageId: message.id });
    } catch (error) {
      if (!(error instanceof BadSendEmailRequest)) throw error;
      sendSesError(res, 400, 'BadRequestException', error.message);
    }
  };

  const showMessage = async (res: ServerResponse, id: string, view: 'page' | 'html' | 'json') => {
    const message = await store.get(id);
    if (!message) return sendPage(res, 404, '<!doctype html><title>Not found</title><p>No such message.</p>');
    if (view === 'json') return sendJson(res, 200, message);
    if (view === 'html') return sendPage(res, 200, message.html ?? '', MAIL_HTML_CSP);
    sendPage(res, 200, renderMessage(message));
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'POST' && pathname === '/v2/email/outbound-emails') return sendEmail(req, res);
    if (req.method !== 'GET') return sendSesError(res, 404, 'NotFoundException', `no route for ${pathname}`);
    if (pathname === '/') return sendPage(res, 200, renderMailbox(await store.list()));
    if (pathname === '/api/messages') return sendJson(res, 200, await store.list());
    const match = /^\/(api\/)?messages\/([^/]+)(\/html)?$/.exec(pathname);
    if (match?.[2] && !(match[1] && match[3])) {
      // Ids are URL-safe as they are, so no decoding (which could throw on bad escapes).
      return showMessage(res, match[2], match[1] ? 'json' : match[3] ? 'html' : 'page');
    }
    sendPage(res, 404, '<!doctype html><title>Not found</title><p>Not found.</p>');
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      sendSesError(res, 500, 'InternalFailure', error instanceof Error ? error.message : String(error));
    });
  });
  const port = await listenOn(server, options.port, 'mail outbox', 'MAIL_PORT', options.host);
  return {
    url: `http://localhost:${port}`,
    port,
    list: () => store.list(),
    deliver,
    stop: () => closeServer(server),
  };
}
