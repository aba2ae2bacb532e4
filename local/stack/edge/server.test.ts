/**
 * The local edge as a proxy: what the origin receives (CloudFront's changes to the viewer's request) and
 * the block answer, against a small origin that echoes what it got.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type Edge } from './server';
import { requestFrom } from './testing';
import { webAclRules, type RateRule } from './waf-rules';

let origin: http.Server;
let edge: Edge;

const everything: RateRule = {
  name: 'Tiny',
  priority: 0,
  limit: 3,
  windowSeconds: 300,
  matches: (p) => p.startsWith('/api/limited'),
};

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-origin': 'yes' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, resolve));
  edge = await startEdge({
    port: 0,
    origin: `http://127.0.0.1:${(origin.address() as AddressInfo).port}`,
    originHeaders: { 'x-origin-verify': 'from-the-template' },
    rateRules: [everything],
    // A blocking rule as the edge stack writes it: one path, open to one IP set's addresses only.
    blockRules: webAclRules(
      {
        DefaultAction: { Allow: {} },
        Rules: [
          {
            Name: 'HooksFromTheSenderOnly',
            Priority: 0,
            Action: { Block: {} },
            Statement: {
              AndStatement: {
                Statements: [
                  {
                    ByteMatchStatement: {
                      SearchString: '/api/hooks',
                      FieldToMatch: { UriPath: {} },
                      PositionalConstraint: 'STARTS_WITH',
                      TextTransformations: [{ Priority: 0, Type: 'URL_DECODE' }],
                    },
                  },
                  { NotStatement: { Statement: { IPSetReferenceStatement: { Arn: 'sender' } } } },
                ],
              },
            },
          },
        ],
      },
      (arn) => (arn === 'sender' ? ['127.0.0.1/32'] : []),
    ).blockRules,
  });
});
afterAll(async () => {
  await edge?.stop();
  await new Promise((resolve) => origin?.close(resolve));
});

const echo = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${edge.url}${path}`, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    },
  };
};

describe('local edge', () => {
  it("passes method, path, query, body and the origin's answer through", async () => {
    const answer = await echo('/api/orders?x=1&y=%20', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-origin')).toBe('yes');
    expect(answer.body).toMatchObject({ method: 'POST', url: '/api/orders?x=1&y=%20', body: '{"a":1}' });
  });

  it("adds the origin's custom header, overwriting one a client sends, and sets Host to the origin's", async () => {
    const answer = await echo('/api/x', { headers: { 'x-origin-verify': 'forged' } });
    expect(answer.body.headers['x-origin-verify']).toBe('from-the-template');
    expect(answer.body.headers.host).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('appends the socket address to X-Forwarded-For, after whatever the client claimed', async () => {
    expect((await echo('/api/x')).body.headers['x-forwarded-for']).toBe('127.0.0.1');
    const claimed = await echo('/api/x', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(claimed.body.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
  });

  it("answers CloudFront's 403 page past a rate rule's limit, without reaching the origin, counting the socket address only", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // A different claimed address each time changes nothing: WAF's IP key is the connection's.
      const response = await fetch(`${edge.url}/api/limited`, {
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(response.status);
      if (response.status === 403) {
        expect(response.headers.get('content-type')).toBe('text/html');
        expect(await response.text()).toContain('Request blocked');
      } else await response.arrayBuffer();
    }
    expect(statuses).toEqual([201, 201, 201, 403, 403]);
    expect((await echo('/api/other')).status).toBe(201);
  });

  it("refuses a path kept for an IP set's addresses from any other socket address, whatever it claims", async () => {
    const postFrom = (localAddress: string, path: string) =>
      requestFrom(`${edge.url}${path}`, {
        localAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
        body: '{"junk":true}',
      });
    const junk = await postFrom('127.0.0.2', '/api/hooks');
    expect(junk.status).toBe(403);
    expect(junk.body).toContain('Request blocked');
    expect((await postFrom('127.0.0.2', '/api/%68ooks')).status).toBe(403);
    expect((await postFrom('127.0.0.1', '/api/hooks')).status).toBe(201);
    // Other paths are open to every address.
    expect((await postFrom('127.0.0.2', '/api/other')).status).toBe(201);
  });
});
