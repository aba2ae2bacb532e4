import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_BYTES, encodeForClient } from './response-encoding';

const json = (bytes: number) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ text: 'x'.repeat(bytes) }),
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['deflate, br', false],
    ['identity', false],
    [undefined, false],
  ])('%s: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('encodeForClient', () => {
  it('gzips a large answer for a client that accepts it, the same JSON once decoded', () => {
    const result = json(COMPRESS_MIN_BYTES);
    const encoded = encodeForClient(result, 'gzip, deflate, br');
    expect(encoded.isBase64Encoded).toBe(true);
    expect(encoded.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(encoded.headers?.['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(Buffer.from(encoded.body!, 'base64')).toString('utf8')).toBe(result.body);
  });

  it('leaves small answers and clients without gzip as they are', () => {
    expect(encodeForClient(json(100), 'gzip')).toEqual(json(100));
    expect(encodeForClient(json(COMPRESS_MIN_BYTES), 'br')).toEqual(json(COMPRESS_MIN_BYTES));
    expect(encodeForClient(json(COMPRESS_MIN_BYTES), undefined)).toEqual(json(COMPRESS_MIN_BYTES));
  });
});
