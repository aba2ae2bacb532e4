/**
 * Local Secrets Manager: the JSON 1.1 API (`POST /`, `X-Amz-Target: secretsmanager.<Operation>`) for
 * the two read operations the app and its operator use, GetSecretValue and DescribeSecret, over the
 * secrets of a SecretStore (those an operator creates before deploying, and those the templates
 * create). Each call is checked as AWS checks it: a SigV4 signature by a known key (body included),
 * then the caller's IAM policy must allow `secretsmanager:<Operation>` on the secret's ARN, else
 * AccessDeniedException, before anything about the secret (even whether it exists) is answered.
 *
 * Not modelled: every other operation (answered UnknownOperationException: nothing here creates,
 * changes or deletes a secret through the API), versions other than the one current version, KMS
 * (a customer-managed key's kms:Decrypt), resource policies, and the deletion states.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { LOCAL_REGION } from '../iam/arn';
import { accessDeniedMessage, authorize } from '../iam/evaluate';
import type { IdentityStore } from '../iam/types';
import { closeServer, listenOn } from '../http/ports';
import type { SecretStore, StoredSecret } from './secrets-manager-store';
import { authenticateHeaderSignedRequest } from '../sigv4/sigv4-header';

export interface SecretsManagerOptions {
  port: number;
  identities: IdentityStore;
  secrets: SecretStore;
  host?: string;
}

export interface SecretsManagerStandIn {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** An answer: a status and the JSON body (for errors `{ __type, Message }`). */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const error = (type: string, message: string): Answer => ({
  status: 400,
  body: { __type: type, Message: message },
});

const NOT_FOUND = "Secrets Manager can't find the specified secret.";
const NO_VALUE_FOR = "Secrets Manager can't find the specified secret value for";

/** AWS JSON timestamps are epoch seconds. */
const epochSeconds = (date: Date): number => date.getTime() / 1000;

type Operation = (secret: StoredSecret, request: Record<string, unknown>) => Answer;

const OPERATIONS: Record<string, Operation> = {
  GetSecretValue: (secret, request) => {
    const { VersionId, VersionStage } = request;
    if (VersionId !== undefined && VersionId !== secret.versionId)
      return error('ResourceNotFoundException', `${NO_VALUE_FOR} VersionId: ${String(VersionId)}`);
    if (VersionStage !== undefined && VersionStage !== 'AWSCURRENT')
      return error('ResourceNotFoundException', `${NO_VALUE_FOR} staging label: ${String(VersionStage)}`);
    return {
      status: 200,
      body: {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: secret.versionId,
        SecretString: secret.value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: epochSeconds(secret.createdDate),
      },
    };
  },
  DescribeSecret: (secret) => ({
    status: 200,
    body: {
      ARN: secret.arn,
      Name: secret.name,
      ...(secret.description !== undefined && { Description: secret.description }),
      CreatedDate: epochSeconds(secret.createdDate),
      LastChangedDate: epochSeconds(secret.createdDate),
      VersionIdsToStages: { [secret.versionId]: ['AWSCURRENT'] },
    },
  }),
};

const TARGET_PREFIX = 'secretsmanager.';

function parseObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function answer(req: IncomingMessage, options: SecretsManagerOptions): Promise<Answer> {
  const body = await buffer(req);
  const call = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
  const authentication = await authenticateHeaderSignedRequest(call, options.identities, {
    service: 'secretsmanager',
    region: LOCAL_REGION,
  });
  if (!authentication.ok) return error(authentication.code, authentication.message);
  const target = typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : '';
  const operationName = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  const operation = OPERATIONS[operationName];
  if (call.method !== 'POST' || !operation) return error('UnknownOperationException', '');
  const request = parseObject(body);
  if (!request) return error('SerializationException', 'Start of structure or map found where not expected.');
  const secretId = request.SecretId;
  if (typeof secretId !== 'string' || secretId === '')
    return error(
      'ValidationException',
      "1 validation error detected: Value null at 'secretId' failed to satisfy constraint: Member must not be null",
    );
  // IAM first, on the secret's ARN: a caller without the grant learns nothing, not even existence.
  const { principal } = authentication.identity;
  const action = `secretsmanager:${operationName}`;
  const decision = authorize(principal, action, options.secrets.resourceArn(secretId));
  if (decision !== 'allow')
    // Secrets Manager names the secret as the caller did, not by its ARN.
    return error('AccessDeniedException', accessDeniedMessage(principal.arn, action, secretId, decision));
  const secret = options.secrets.find(secretId);
  return secret ? operation(secret, request) : error('ResourceNotFoundException', NOT_FOUND);
}

function send(res: ServerResponse, { status, body }: Answer): void {
  res
    .writeHead(status, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': randomUUID(),
    })
    .end(JSON.stringify(body));
}

export async function startSecretsManager(options: SecretsManagerOptions): Promise<SecretsManagerStandIn> {
  const server = createServer((req, res) => {
    answer(req, options)
      .then((result) => send(res, result))
      .catch((failure: unknown) => {
        console.error('[local Secrets Manager] error:', failure);
        send(res, { status: 500, body: { __type: 'InternalServiceError', Message: 'Internal error' } });
      });
  });
  const port = await listenOn(server, options.port, 'Secrets Manager', 'SECRETSMANAGER_PORT', options.host);
  return { url: `http://localhost:${port}`, port, stop: () => closeServer(server) };
}
