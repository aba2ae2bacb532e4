import { describe, expect, it } from 'vitest';
import { notificationMatches } from './events';
import { localIssuer } from './overlay';

describe('bucket notification events', () => {
  it('matches a wildcard configuration to every event of its kind, and exact names only to themselves', () => {
    expect(notificationMatches('s3:ObjectCreated:*', 'ObjectCreated:Put')).toBe(true);
    expect(notificationMatches('s3:ObjectCreated:*', 'ObjectCreated:CompleteMultipartUpload')).toBe(true);
    expect(notificationMatches('s3:ObjectCreated:*', 'ObjectRemoved:Delete')).toBe(false);
    expect(notificationMatches('s3:ObjectCreated:Put', 'ObjectCreated:Post')).toBe(false);
  });
});

describe('the JWT issuer', () => {
  it("is the template's user pool, issued by the Cognito stand-in", () => {
    expect(
      localIssuer('https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Abc123xyZ', 'http://localhost:9229'),
    ).toEqual({
      issuer: 'http://localhost:9229/eu-west-2_Abc123xyZ',
      jwksUrl: 'http://localhost:9229/eu-west-2_Abc123xyZ/.well-known/jwks.json',
    });
  });
});
