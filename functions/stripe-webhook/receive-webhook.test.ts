/** The raw body the signature covers, as API Gateway passes it: text for JSON, base64 otherwise. */
import { describe, expect, it } from 'vitest';
import { rawBody } from './receive-webhook';

const original = Buffer.from('{\n  "name": "Zoë 📷",\n  "amount": 1500\n}', 'utf8');

describe('rawBody', () => {
  it('gives back the exact bytes of a text body', () => {
    expect(rawBody({ body: original.toString('utf8'), isBase64Encoded: false }).equals(original)).toBe(true);
  });

  it('gives back the exact bytes of a base64 body', () => {
    expect(rawBody({ body: original.toString('base64'), isBase64Encoded: true }).equals(original)).toBe(true);
  });

  it('is empty without a body', () => {
    expect(rawBody({ isBase64Encoded: false }).length).toBe(0);
  });
});
