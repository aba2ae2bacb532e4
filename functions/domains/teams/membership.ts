/**
 * The membership check of every seller call (functions/lib/seller-http.ts): one strongly consistent read of the
 * caller's own record, never a token claim, so a removal or a role change counts from the very next
 * call, whatever token the caller holds. The read also says when the caller was last active; a stale
 * time is written again (at most once per member per five minutes).
 */
import { logger } from '../../lib/logger';
import { readMembership, recordActivity } from './member-store';
import { activityIsStale, teamCaller, type TeamCaller } from './team-caller';

export async function sellerCaller(sub: string, now = new Date()): Promise<TeamCaller | undefined> {
  const membership = await readMembership(sub);
  const caller = teamCaller(sub, membership);
  if (caller && membership && activityIsStale(membership.lastActiveAt, now)) {
    // The answer does not wait on bookkeeping that failed: the activity is written again next time.
    await recordActivity(sub, now).catch((error: unknown) => logger.warn('Activity not recorded', { error }));
  }
  return caller;
}
