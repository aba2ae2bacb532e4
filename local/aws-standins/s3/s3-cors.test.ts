import { describe, expect, it } from 'vitest';
import { corsAnswerHeaders, corsRulesXml, defaultCorsRule, matchingCorsRule } from './s3-cors';

describe('bucket CORS rules', () => {
  const rules = [
    { allowedOrigins: ['https://*.example.com'], allowedMethods: ['GET'] },
    {
      id: 'uploads',
      allowedOrigins: ['http://localhost:5173'],
      allowedMethods: ['PUT', 'GET'],
      exposedHeaders: ['ETag'],
      maxAge: 60,
    },
  ];

  it('are written as the PutBucketCors document', () => {
    expect(corsRulesXml([rules[1]!])).toBe(
      '<CORSConfiguration><CORSRule><ID>uploads</ID><AllowedOrigin>http://localhost:5173</AllowedOrigin>' +
        '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><ExposeHeader>ETag</ExposeHeader>' +
        '<MaxAgeSeconds>60</MaxAgeSeconds></CORSRule></CORSConfiguration>',
    );
  });

  it('match by origin (one * allowed) and method, first rule first', () => {
    expect(matchingCorsRule(rules, 'https://app.example.com', 'GET')).toBe(rules[0]);
    expect(matchingCorsRule(rules, 'https://example.com', 'GET')).toBeUndefined();
    expect(matchingCorsRule(rules, 'http://localhost:5173', 'PUT')).toBe(rules[1]);
    expect(matchingCorsRule(rules, 'http://localhost:5173', 'DELETE')).toBeUndefined();
  });

  it('give the answer headers S3 adds, echoing the origin unless the rule allows any', () => {
    expect(corsAnswerHeaders(rules[1]!, 'http://localhost:5173')).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-expose-headers': 'ETag',
      'access-control-max-age': '60',
    });
    expect(
      corsAnswerHeaders({ allowedOrigins: ['*'], allowedMethods: ['GET'] }, 'https://x.test'),
    ).toMatchObject({
      'access-control-allow-origin': '*',
    });
  });

  it('default to the app origins reading and uploading', () => {
    expect(defaultCorsRule(['http://a.test'])).toEqual({
      allowedOrigins: ['http://a.test'],
      allowedMethods: ['GET', 'PUT', 'HEAD'],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  });
});
