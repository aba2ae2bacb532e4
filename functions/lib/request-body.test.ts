/**
 * requestBody: the one place a request's body is decoded from API Gateway's event (JSON routes, the
 * content API's query and Stripe's webhook all read it), back to the exact bytes the client sent.
 */
import { describe, expect, it } from 'vitest';
import { requestBody } from './http';

// Non-ASCII text, as Stripe's JSON may carry (its signature covers these bytes, not a re-encoding).
const original = Buffer.from('{\n  "name": "Zoë 📷",\n  "amount": 1500\n}', 'utf8');
const binary = Buffer.from([0xff, 0xd8, 0x00, 0x80, 0xfe]);

describe('requestBody', () => {
  it('gives back the exact bytes of a text body', () => {
    expect(requestBody({ body: original.toString('utf8'), isBase64Encoded: false })?.equals(original)).toBe(
      true,
    );
  });

  it('gives back the exact bytes of a base64 body, binary ones too', () => {
    for (const bytes of [original, binary])
      expect(requestBody({ body: bytes.toString('base64'), isBase64Encoded: true })?.equals(bytes)).toBe(
        true,
      );
  });

  it('is undefined without a body or with an empty one', () => {
    expect(requestBody({ isBase64Encoded: false })).toBeUndefined();
    expect(requestBody({ body: '', isBase64Encoded: false })).toBeUndefined();
    expect(requestBody({ body: '', isBase64Encoded: true })).toBeUndefined();
  });
});
