import { RawResult, routeHandler } from '../lib/http';
import { recordActivity } from './activity';

export const handler = routeHandler('recordActivity', async ({ body }) => {
  await recordActivity(body);
  return new RawResult({ statusCode: 204 });
});
