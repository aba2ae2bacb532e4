/**
 * The proxy in front of s3rver answers every request, also when the store's connection fails after the
 * request has gone to it: a client left without an answer waits for ever (a function's S3 call then
 * hangs until the function's timeout).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_AWS } from '../local-account';
import { createVerifyingProxy } from './s3-proxy';
import { localS3ClientConfig } from './s3';

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** A store that takes each request whole, then drops its connection without answering. */
const droppingStore = http.createServer((req) => {
  req.resume();
  req.once('end', () => req.socket.destroy());
});
const agent = new http.Agent({ keepAlive: true });
let proxy: http.Server;
let client: S3Client;

beforeAll(async () => {
  proxy = createVerifyingProxy({
    upstreamPort: await listen(droppingStore),
    credentials: LOCAL_AWS,
    corsOrigins: [],
    agent,
  });
  const port = await listen(proxy);
  // One attempt: the answer itself is what is checked, not the SDK's retries of it.
  client = new S3Client({ ...localS3ClientConfig(`http://127.0.0.1:${port}`), maxAttempts: 1 });
});

afterAll(async () => {
  client.destroy();
  agent.destroy();
  proxy.closeAllConnections();
  droppingStore.closeAllConnections();
  await Promise.all([proxy, droppingStore].map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the S3 proxy, when the store drops the connection', () => {
  const storeFailed = { name: 'InternalError', $metadata: { httpStatusCode: 502 } };

  it('answers a read (no body: sent whole at once) with an error the SDK retries', async () => {
    await expect(client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'a.jpg' }))).rejects.toMatchObject(
      storeFailed,
    );
  }, 5_000);

  it('answers a write whose body the store took', async () => {
    await expect(
      client.send(new PutObjectCommand({ Bucket: 'photos', Key: 'a.jpg', Body: Buffer.alloc(64 * 1024) })),
    ).rejects.toMatchObject(storeFailed);
  }, 5_000);
});
