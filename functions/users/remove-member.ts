import { RawResult, routeHandler } from '../lib/seller-http';
import { removeMember } from './team';

export const handler = routeHandler('removeMember', async ({ member, params }) => {
  await removeMember(member, params.memberId);
  return new RawResult({ statusCode: 204 });
});
