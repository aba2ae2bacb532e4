/**
 * Talking to one dynalite on its internal loopback port, as raw DynamoDB JSON over a keep-alive
 * connection: relaying a client's request byte for byte, or making a call of our own (the replica
 * copies) without an SDK client's signing and middleware on the hot path.
 */
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export interface WireAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The service's JSON protocol version named in `X-Amz-Target`. */
export const TARGET_PREFIX = 'DynamoDB_20120810';

// dynalite checks only that a request looks signed (it verifies no signature): our own calls carry
// a well-formed placeholder, since they come from the stand-in itself and are never seen by a client.
const INTERNAL_AUTH_HEADERS = {
  authorization:
    'AWS4-HMAC-SHA256 Credential=local/20000101/eu-west-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
  'x-amz-date': '20000101T000000Z',
};

export class DynaliteWire {
  constructor(
    readonly port: number,
    private readonly agent: http.Agent,
  ) {}

  /** Sends a body with the given headers (content-length is set here) and reads the whole answer. */
  send(method: string, path: string, headers: OutgoingHttpHeaders, body: Buffer): Promise<WireAnswer> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          headers: { ...headers, 'content-length': body.length },
          agent: this.agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** One DynamoDB operation of our own; resolves with the status and the parsed JSON answer. */
  async call(operation: string, input: object): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await this.send(
      'POST',
      '/',
      {
        ...INTERNAL_AUTH_HEADERS,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `${TARGET_PREFIX}.${operation}`,
      },
      Buffer.from(JSON.stringify(input)),
    );
    return { status: answer.status, body: parseAnswer(answer.body) };
  }
}

function parseAnswer(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/** The error type of a JSON error answer without its namespace, e.g. `ResourceNotFoundException`. */
export const errorType = (body: Record<string, unknown>): string =>
  typeof body.__type === 'string' ? (body.__type.split('#').pop() ?? '') : '';

/** Reads a request body in full (DynamoDB requests are at most 16 MB). */
export async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
