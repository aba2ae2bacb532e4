import { describe, expect, it } from 'vitest';
import { clientIp, type HttpEvent } from './http';

const event = (sourceIp: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    requestContext: { http: { sourceIp } },
  }) as unknown as HttpEvent;

describe('clientIp', () => {
  it("takes the viewer's address CloudFront forwarded, not the edge's", () => {
    expect(clientIp(event('130.176.1.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIp(event('130.176.1.1', '203.0.113.7, 130.176.1.1'))).toBe('203.0.113.7');
  });

  it('ignores what a viewer claims before the address CloudFront saw', () => {
    expect(clientIp(event('130.176.1.1', '10.0.0.1, 203.0.113.7'))).toBe('203.0.113.7');
  });

  it('falls back to the peer for a direct call', () => {
    expect(clientIp(event('198.51.100.4'))).toBe('198.51.100.4');
    expect(clientIp(event('198.51.100.4', ' '))).toBe('198.51.100.4');
  });
});
