import { RawResult, routeHandler } from '../lib/http';
import { unsubscribe } from './reminders';

export const handler = routeHandler('unsubscribeReminders', async ({ params, query }) => {
  await unsubscribe(params.orderId, query.token);
  return new RawResult({ statusCode: 204 });
});
