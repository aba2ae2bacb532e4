import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { staticIdentityStore } from '../iam/identity-store';
import { authenticateHeaderSignedRequest } from './sigv4-header';

const key = { accessKeyId: 'AKIDFUNCTION', secretAccessKey: 'function-secret' };
const principal = { kind: 'operator' as const, arn: 'arn:aws:iam::000000000000:user/test' };
const identities = staticIdentityStore([{ ...key, principal }]);
const signedAt = new Date('2026-03-01T12:00:00Z');
const expected = { service: 'dynamodb', region: 'eu-west-2', now: new Date(signedAt.getTime() + 1000) };
const body = JSON.stringify({ TableName: 'orders', Key: { orderId: { S: 'o-1' } } });

/** A request signed exactly as the SDK signs a JSON-protocol call (the real signer, a separate hash). */
async function signedRequest(
  options: { service?: string; region?: string; path?: string; signer?: typeof key } = {},
) {
  const signer = new SignatureV4({
    credentials: options.signer ?? key,
    region: options.region ?? 'eu-west-2',
    service: options.service ?? 'dynamodb',
    sha256: Sha256,
  });
  const request = new HttpRequest({
    method: 'POST',
    protocol: 'http:',
    hostname: 'localhost',
    port: 4567,
    path: options.path ?? '/',
    headers: {
      host: 'localhost:4567',
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.GetItem',
    },
    body,
  });
  const signed = await signer.sign(request, { signingDate: signedAt });
  const headers: IncomingHttpHeaders = Object.fromEntries(
    Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { method: 'POST', url: signed.path, headers, body: Buffer.from(body) };
}

describe('authenticateHeaderSignedRequest', () => {
  it('accepts an untouched request and names who signed it', async () => {
    const result = await authenticateHeaderSignedRequest(await signedRequest(), identities, expected);
    expect(result).toEqual({ ok: true, identity: { ...key, principal } });
  });

  it('accepts a REST path that needs escaping, signed the way non-S3 services sign it', async () => {
    const request = await signedRequest({ service: 'ses', path: '/v2/email/identities/a%40b.test' });
    const result = await authenticateHeaderSignedRequest(request, identities, {
      ...expected,
      service: 'ses',
    });
    expect(result.ok).toBe(true);
  });

  it('refuses a changed body, header or path as InvalidSignatureException', async () => {
    const request = await signedRequest();
    const tampered = [
      { ...request, body: Buffer.from(body.replace('o-1', 'o-2')) },
      { ...request, headers: { ...request.headers, 'x-amz-target': 'DynamoDB_20120810.DeleteItem' } },
      { ...request, url: '/other' },
    ];
    for (const candidate of tampered) {
      await expect(authenticateHeaderSignedRequest(candidate, identities, expected)).resolves.toEqual({
        ok: false,
        code: 'InvalidSignatureException',
        message:
          'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      });
    }
  });

  it('refuses a known key id signed with another secret', async () => {
    const request = await signedRequest({ signer: { ...key, secretAccessKey: 'guess' } });
    await expect(authenticateHeaderSignedRequest(request, identities, expected)).resolves.toMatchObject({
      code: 'InvalidSignatureException',
    });
  });

  it('refuses an unknown key as UnrecognizedClientException', async () => {
    const request = await signedRequest({ signer: { accessKeyId: 'AKIDNOBODY', secretAccessKey: 'x' } });
    await expect(authenticateHeaderSignedRequest(request, identities, expected)).resolves.toEqual({
      ok: false,
      code: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
  });

  it('refuses a request without a signature as MissingAuthenticationTokenException', async () => {
    const { authorization, ...headers } = (await signedRequest()).headers;
    expect(authorization).toBeDefined();
    const request = { method: 'POST', url: '/', headers, body: Buffer.from(body) };
    await expect(authenticateHeaderSignedRequest(request, identities, expected)).resolves.toEqual({
      ok: false,
      code: 'MissingAuthenticationTokenException',
      message: 'Request is missing Authentication Token',
    });
  });

  it('refuses a signature scoped to another service or region, naming each problem', async () => {
    const request = await signedRequest({ service: 'ses', region: 'us-east-1' });
    await expect(authenticateHeaderSignedRequest(request, identities, expected)).resolves.toEqual({
      ok: false,
      code: 'InvalidSignatureException',
      message:
        "Credential should be scoped to a valid region, not 'us-east-1'. Credential should be scoped to correct service: 'dynamodb'.",
    });
  });

  it('refuses a signature more than 15 minutes old or ahead', async () => {
    const request = await signedRequest();
    const later = new Date(signedAt.getTime() + 16 * 60_000);
    await expect(
      authenticateHeaderSignedRequest(request, identities, { ...expected, now: later }),
    ).resolves.toEqual({
      ok: false,
      code: 'InvalidSignatureException',
      message:
        'Signature expired: 20260301T120000Z is now earlier than 20260301T120100Z (20260301T121600Z - 15 min.)',
    });
    const earlier = new Date(signedAt.getTime() - 16 * 60_000);
    await expect(
      authenticateHeaderSignedRequest(request, identities, { ...expected, now: earlier }),
    ).resolves.toMatchObject({
      code: 'InvalidSignatureException',
      message:
        'Signature not yet current: 20260301T120000Z is still later than 20260301T115900Z (20260301T114400Z + 15 min.)',
    });
  });

  it('refuses an Authorization header that lacks a component as IncompleteSignatureException', async () => {
    const request = await signedRequest();
    const authorization = String(request.headers.authorization).replace(/, Signature=[0-9a-f]+/, '');
    await expect(
      authenticateHeaderSignedRequest(
        { ...request, headers: { ...request.headers, authorization } },
        identities,
        expected,
      ),
    ).resolves.toEqual({
      ok: false,
      code: 'IncompleteSignatureException',
      message: `Authorization header requires 'Signature' parameter. Authorization=${authorization}`,
    });
  });
});
