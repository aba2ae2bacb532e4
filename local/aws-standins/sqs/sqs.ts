/**
 * Local SQS stand-in: the queues the synthesized templates define (sqs-templates.ts), served over the
 * JSON protocol the SDK v3 uses (sqs-api.ts), each call checked as SQS checks it: a SigV4 signature by
 * a known key (sigv4-header.ts, the same IdentityStore as the other stand-ins) and the caller's IAM
 * identity policy allowing `sqs:<Operation>` on the queue's ARN, refused with SQS's own errors
 * (sqs-errors.ts). Messages are kept under `<dataDir>/queues.json` across restarts.
 *
 * What it cannot check (docs/decisions.md): queue policies (resource-based, e.g. the TLS-only deny the
 * CDK adds; the stand-in speaks plain HTTP), KMS, condition keys, and the service principals that
 * deliver to queues in AWS (Lambda's destinations sign here with the function's own key instead).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { randomUUID } from 'node:crypto';
import { LOCAL_REGION } from '../iam/arn';
import { accessDeniedMessage, authorize } from '../iam/evaluate';
import type { IdentityStore, LocalIdentity } from '../iam/types';
import { closeServer, listenOn } from '../http/ports';
import { authenticateHeaderSignedRequest } from '../sigv4/sigv4-header';
import { isSupported, queueArn, requestedQueueName, runOperation, type SqsContext } from './sqs-api';
import { SqsError, signatureError, sqsErrors } from './sqs-errors';
import { QueueStore, type QueueDefinition, type StoredMessage } from './sqs-queues';

export type { QueueDefinition } from './sqs-queues';

export interface StartSqsOptions {
  port: number;
  queues: QueueDefinition[];
  identities: IdentityStore;
  /** Where messages are kept across restarts; in memory only when omitted. */
  dataDir?: string;
  host?: string;
}

export interface LocalSqs {
  url: string;
  port: number;
  /** The URL this stand-in answers for a queue. */
  queueUrl(name: string): string;
  stop(): Promise<void>;
}

const JSON_TYPE = 'application/x-amz-json-1.0';
const TARGET_PREFIX = 'AmazonSQS.';

function answer(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'x-amzn-requestid': randomUUID(), ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

function answerError(res: ServerResponse, error: SqsError): void {
  answer(res, error.status, error.body(), { 'x-amzn-query-error': error.queryErrorHeader });
}

function parseInput(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    throw sqsErrors.serialization('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw sqsErrors.serialization('The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** The caller's identity, or SQS's refusal: signature first, then the identity policy. */
async function authorizeCall(
  req: IncomingMessage,
  body: Buffer,
  identities: IdentityStore,
  operation: string,
  queueName: string,
): Promise<LocalIdentity> {
  const call = { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body };
  const authentication = await authenticateHeaderSignedRequest(call, identities, {
    service: 'sqs',
    region: LOCAL_REGION,
  });
  if (!authentication.ok) throw signatureError(authentication.code, authentication.message);
  const { principal } = authentication.identity;
  const action = `sqs:${operation}`;
  const resource = queueArn(queueName);
  const decision = authorize(principal, action, resource);
  // SQS writes the action in lower case in its refusals.
  if (decision !== 'allow')
    throw sqsErrors.accessDenied(
      accessDeniedMessage(principal.arn, action.toLowerCase(), resource, decision),
    );
  return authentication.identity;
}

/** The queue IAM is asked about; a missing or malformed name is reported after authorization. */
function queueNameForIam(
  operation: Parameters<typeof requestedQueueName>[0],
  input: Record<string, unknown>,
) {
  try {
    return requestedQueueName(operation, input);
  } catch {
    return '';
  }
}

/**
 * Saves the queues after changes, one write at a time, the latest state last. `flushed` settles once
 * every change so far is on disk (stop waits for it, so a restart finds what was sent before it).
 */
function queueSaver(
  file: string | undefined,
  store: QueueStore,
): { changed: () => void; flushed: () => Promise<void> } {
  let pending: Promise<void> = Promise.resolve();
  if (!file) return { changed: () => undefined, flushed: () => pending };
  let scheduled = false;
  const changed = () => {
    if (scheduled) return;
    scheduled = true;
    pending = pending
      .then(async () => {
        scheduled = false;
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(store.snapshot()));
        await rename(temporary, file);
      })
      .catch((error: unknown) => console.error('[local SQS] could not save the queues:', error));
  };
  return { changed, flushed: () => pending };
}

async function savedMessages(file: string | undefined): Promise<Record<string, StoredMessage[]>> {
  if (!file) return {};
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, StoredMessage[]>;
  } catch {
    return {};
  }
}

export async function startSqs(options: StartSqsOptions): Promise<LocalSqs> {
  const file = options.dataDir ? path.join(options.dataDir, 'queues.json') : undefined;
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const store = new QueueStore(options.queues, Date.now, await savedMessages(file));
  const sends = new EventEmitter().setMaxListeners(0);
  let baseUrl = '';
  const saver = queueSaver(file, store);
  const context: SqsContext = {
    store,
    queueUrl: (name) => `${baseUrl}/${queueArn(name).split(':')[4]}/${name}`,
    changed: saver.changed,
    waitForSend: (queueName, ms, signal) =>
      new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          sends.off(queueName, done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        sends.on(queueName, done);
        signal.addEventListener('abort', done);
      }),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await buffer(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (req.method !== 'POST' || !operation) throw sqsErrors.unknownOperation();
    const input = parseInput(body);
    if (!isSupported(operation)) {
      // Still authenticated first, as SQS does for every call.
      await authorizeCall(req, body, options.identities, operation, '*');
      throw sqsErrors.unsupportedOperation(operation);
    }
    const queueName = queueNameForIam(operation, input);
    const caller = await authorizeCall(req, body, options.identities, operation, queueName);
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    const result = await runOperation(context, operation, input, {
      senderId: caller.accessKeyId,
      signal: aborted.signal,
    });
    if (operation === 'SendMessage') sends.emit(queueName);
    if (!res.writableEnded) answer(res, 200, result);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.writableEnded) return;
      answerError(res, error instanceof SqsError ? error : sqsErrors.internal(String(error)));
    });
  });
  const port = await listenOn(server, options.port, 'SQS', 'SQS_PORT', options.host);
  baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    await closeServer(server);
    await saver.flushed();
  };
  return { url: baseUrl, port, queueUrl: context.queueUrl, stop };
}
