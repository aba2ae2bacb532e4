/**
 * The public face of the local DynamoDB: checks each caller as AWS does (SigV4 signature with the
 * caller's own key, then the caller's IAM policy for `dynamodb:<Operation>` on each table or index the
 * request touches), then answers from the primary dynalite, or from the lagging replica for an
 * eventually consistent read. Successful writes are copied to the replica after the lag; table
 * changes (CreateTable, UpdateTable, DeleteTable) reach both at once.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { LOCAL_REGION } from '../iam/arn';
import { accessDeniedMessage, firstRefusal } from '../iam/evaluate';
import type { IdentityStore } from '../iam/types';
import { dynamoAccessNeeds, type DynamoRequest } from './dynamodb-access';
import { mergeBatchGetAnswers, readUpstream, splitBatchGet } from './dynamodb-reads';
import { isItemWrite, type ReplicaCopier } from './dynamodb-replica';
import type { LocalAnswer, LocalTransactions } from './dynamodb-transactions';
import { TARGET_PREFIX, readBody, type DynaliteWire, type WireAnswer } from './dynamodb-wire';
import { authenticateHeaderSignedRequest } from '../sigv4/sigv4-header';

export interface DynamoProxyOptions {
  primary: DynaliteWire;
  /** TransactWriteItems, and the conflicts between transactions and single-item writes. */
  transactions: LocalTransactions;
  /** Absent when reads do not lag: everything goes to the primary. */
  replica?: { wire: DynaliteWire; copier: ReplicaCopier };
  /** Absent: callers are not checked (dynalite only wants a well-formed Authorization header). */
  identities?: IdentityStore;
}

/** What one incoming request is, read once. */
interface Incoming {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** From `X-Amz-Target: DynamoDB_20120810.<Operation>`; undefined for anything else. */
  operation?: string;
  /** The parsed body; undefined when it is not a JSON object (dynalite answers that itself). */
  request?: DynamoRequest;
}

const TABLE_CHANGES = new Set(['CreateTable', 'UpdateTable', 'DeleteTable']);

// Hop-by-hop headers belong to one connection; content-length is recomputed for each body sent.
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

const forwardable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_FORWARDED.has(name)));

export function createDynamoProxy(options: DynamoProxyOptions): http.Server {
  return http.createServer((req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      console.error('[local DynamoDB] proxy error:', error);
      if (!res.headersSent) sendJsonError(res, 500, 'InternalServerError', 'Internal server error');
      else res.destroy();
    });
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, options: DynamoProxyOptions): Promise<void> {
  const incoming = await readIncoming(req);
  if (options.identities && incoming.method === 'POST') {
    const refused = await refuseCaller(incoming, options.identities);
    if (refused) return refused(res);
  }
  relay(res, await answer(incoming, options));
}

async function readIncoming(req: IncomingMessage): Promise<Incoming> {
  const body = await readBody(req);
  const target = typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : '';
  const [prefix, operation] = target.split('.');
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    body,
    operation: prefix === TARGET_PREFIX && operation ? operation : undefined,
    request: parseObject(body),
  };
}

function parseObject(body: Buffer): DynamoRequest | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as DynamoRequest)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The refusal to send, if the signature or the caller's policy says no; nothing is changed then. */
async function refuseCaller(
  incoming: Incoming,
  identities: IdentityStore,
): Promise<((res: ServerResponse) => void) | undefined> {
  const authentication = await authenticateHeaderSignedRequest(incoming, identities, {
    service: 'dynamodb',
    region: LOCAL_REGION,
  });
  if (!authentication.ok) {
    return (res) => sendJsonError(res, 400, authentication.code, authentication.message);
  }
  if (!incoming.operation || !incoming.request) return undefined;
  const { principal } = authentication.identity;
  const refusal = firstRefusal(principal, dynamoAccessNeeds(incoming.operation, incoming.request));
  if (!refusal) return undefined;
  const message = accessDeniedMessage(principal.arn, refusal.action, refusal.resource, refusal.decision);
  // AWS's authorization layer capitalises `Message` here, unlike the signature errors.
  return (res) =>
    sendJson(res, 400, { __type: 'com.amazon.coral.service#AccessDeniedException', Message: message });
}

async function answer(incoming: Incoming, options: DynamoProxyOptions): Promise<WireAnswer> {
  const { operation, request } = incoming;
  if (!operation || !request) return send(options.primary, incoming, incoming.body);
  const result = await answerOperation(incoming, operation, request, options);
  if (result.status === 200) await afterPrimaryChange(incoming, operation, request, result, options);
  return result;
}

/** Transactions are ours; writes pass the transactions' gate; reads may come from the lagging replica. */
async function answerOperation(
  incoming: Incoming,
  operation: string,
  request: DynamoRequest,
  options: DynamoProxyOptions,
): Promise<WireAnswer> {
  const { primary, replica, transactions } = options;
  if (operation === 'TransactWriteItems') return asWire(await transactions.write(request));
  if (isItemWrite(operation)) {
    const result = await transactions.guardWrite(operation, request, () =>
      send(primary, incoming, incoming.body),
    );
    return 'headers' in result ? result : asWire(result);
  }
  const upstream = replica ? readUpstream(operation, request) : 'primary';
  if (upstream === 'primary' || !replica) return send(primary, incoming, incoming.body);
  if (upstream === 'replica') return send(replica.wire, incoming, incoming.body);
  return splitRead(incoming, request, primary, replica.wire);
}

const asWire = (answer: LocalAnswer): WireAnswer => jsonAnswer(answer.status, answer.body);

/** After a successful write or table change on the primary: the table shapes and the replica follow. */
async function afterPrimaryChange(
  incoming: Incoming,
  operation: string,
  request: DynamoRequest,
  result: WireAnswer,
  { replica, transactions }: DynamoProxyOptions,
): Promise<void> {
  if (TABLE_CHANGES.has(operation)) {
    const tableName = typeof request.TableName === 'string' ? request.TableName : '';
    transactions.tableChanged(tableName);
    if (!replica) return;
    // Schema changes are not lagged: the replica must have a table before copies reach it.
    await send(replica.wire, incoming, incoming.body);
    replica.copier.tableChanged(operation, tableName, parseObject(result.body) ?? {});
  } else if (replica && isItemWrite(operation)) {
    void replica.copier.afterWrite(operation, request);
  }
}

const send = (wire: DynaliteWire, incoming: Incoming, body: Buffer): Promise<WireAnswer> =>
  wire.send(incoming.method, incoming.url, forwardable(incoming.headers), body);

/** A BatchGetItem reading some tables consistently and others not: each half from its own store. */
async function splitRead(
  incoming: Incoming,
  request: DynamoRequest,
  primary: DynaliteWire,
  replica: DynaliteWire,
): Promise<WireAnswer> {
  const { consistent, eventual } = splitBatchGet(request);
  const [fromPrimary, fromReplica] = await Promise.all([
    send(primary, incoming, Buffer.from(JSON.stringify(consistent))),
    send(replica, incoming, Buffer.from(JSON.stringify(eventual))),
  ]);
  if (fromPrimary.status !== 200) return fromPrimary;
  if (fromReplica.status !== 200) return fromReplica;
  const merged = mergeBatchGetAnswers(
    parseObject(fromPrimary.body) ?? {},
    parseObject(fromReplica.body) ?? {},
  );
  return jsonAnswer(200, merged, fromPrimary.headers);
}

function relay(res: ServerResponse, result: WireAnswer): void {
  res.writeHead(result.status, forwardable(result.headers));
  res.end(result.body);
}

/** A JSON answer shaped like DynamoDB's: its content type, a request id and the body's CRC32. */
function jsonAnswer(status: number, body: object, headers: IncomingHttpHeaders = {}): WireAnswer {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    status,
    headers: {
      'content-type': headers['content-type'] ?? 'application/x-amz-json-1.0',
      'x-amzn-requestid': headers['x-amzn-requestid'] ?? newRequestId(),
      'x-amz-crc32': String(crc32(bytes)),
    },
    body: bytes,
  };
}

const sendJson = (res: ServerResponse, status: number, body: object) => relay(res, jsonAnswer(status, body));

/** The signature errors come with a lower-case `message`, as DynamoDB sends them. */
const sendJsonError = (res: ServerResponse, status: number, code: string, message: string) =>
  sendJson(res, status, { __type: `com.amazon.coral.service#${code}`, message });

/** DynamoDB request ids are 52 upper-case letters and digits. */
const newRequestId = (): string =>
  randomBytes(39).toString('base64').toUpperCase().replace(/[+/]/g, '0').slice(0, 52);
