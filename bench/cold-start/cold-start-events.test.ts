import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contract/route-paths';
import { ROUTE_GROUPS, routes } from '#shared/contract/routes';
import { COLD_START_CASES } from './cold-start-events';

const sampleFile = (sample: string) => path.resolve('events', sample.split(' ')[0]!);

describe('the cold-start invocations', () => {
  it('cover every route group once, and resize', () => {
    expect(COLD_START_CASES.map((testCase) => testCase.name).sort()).toEqual(
      [...ROUTE_GROUPS, 'resize'].sort(),
    );
  });

  it('invoke each group with a sample event of one of its own routes, as API Gateway sends it', async () => {
    for (const testCase of COLD_START_CASES.filter((candidate) => candidate.name !== 'resize')) {
      const event = JSON.parse(await readFile(sampleFile(testCase.sample), 'utf8')) as {
        version: string;
        routeKey: string;
        requestContext: { routeKey: string; authorizer?: { jwt: { claims: Record<string, unknown> } } };
        headers: Record<string, string>;
      };
      const route = Object.values(routes).find((candidate) => routeKey(candidate) === event.routeKey);
      expect(route?.group, testCase.sample).toBe(testCase.name);
      expect(event.version).toBe('2.0');
      expect(event.requestContext.routeKey).toBe(event.routeKey);
      // Through CloudFront: the origin-verify header is there (its value is the stack's, set at run time).
      expect(event.headers['x-origin-verify'], testCase.sample).toBeDefined();
      // A seller's route carries the JWT authorizer's claims of a Cognito ID token, as the gateway passes them.
      if (route?.caller === 'seller')
        expect(event.requestContext.authorizer?.jwt.claims.token_use, testCase.sample).toBe('id');
      else expect(event.requestContext.authorizer, testCase.sample).toBeUndefined();
    }
  });

  it('invoke resize with an S3 ObjectCreated notification for one original', async () => {
    const resize = COLD_START_CASES.find((testCase) => testCase.name === 'resize')!;
    const event = JSON.parse(await readFile(sampleFile(resize.sample), 'utf8')) as {
      Records: { eventName: string; s3: { object: { key: string } } }[];
    };
    expect(event.Records).toHaveLength(1);
    expect(event.Records[0]!.eventName).toMatch(/^ObjectCreated:/);
    expect(event.Records[0]!.s3.object.key).toMatch(/^photos\//);
  });
});
