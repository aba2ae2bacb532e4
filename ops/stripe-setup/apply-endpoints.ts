/** Brings the account's webhook endpoints to what the handlers need (or says what it would do). */
import type Stripe from 'stripe';
import {
  SECRET_NAMES,
  reviewEndpoint,
  strayEndpointNotes,
  wantedEndpoints,
  type EndpointPlan,
  type EndpointRole,
} from './webhook-endpoints';

export type Action = 'created' | 'updated' | 'unchanged' | 'would create' | 'would update';

export interface EndpointOutcome {
  role: EndpointRole;
  action: Action;
  /** Null when it would be created. */
  id: string | null;
  enabledEvents: string[];
  /** Only for an endpoint created by this run: Stripe shows a secret once. */
  secret?: string;
  secretName: string;
}

export interface EndpointsResult {
  outcomes: EndpointOutcome[];
  notes: string[];
  problems: string[];
}

const apply = async (client: Stripe, plan: EndpointPlan, dryRun: boolean): Promise<EndpointOutcome> => {
  const { role, params } = plan.wanted;
  const base = { role, enabledEvents: params.enabled_events, secretName: SECRET_NAMES[role] };
  if (plan.action === 'unchanged') return { ...base, action: 'unchanged', id: plan.existing.id };
  if (plan.action === 'update') {
    if (!dryRun) await client.webhookEndpoints.update(plan.existing.id, plan.changes);
    return { ...base, action: dryRun ? 'would update' : 'updated', id: plan.existing.id };
  }
  if (dryRun) return { ...base, action: 'would create', id: null };
  const created = await client.webhookEndpoints.create(params);
  return { ...base, action: 'created', id: created.id, ...(created.secret && { secret: created.secret }) };
};

export async function setUpWebhookEndpoints(
  client: Stripe,
  url: string,
  dryRun: boolean,
): Promise<EndpointsResult> {
  const existing = await client.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  const reviews = wantedEndpoints(url).map((wanted) => reviewEndpoint(wanted, existing));
  const outcomes: EndpointOutcome[] = [];
  // One at a time: a failure leaves the earlier ones done and reported, and a rerun finds them.
  for (const review of reviews) outcomes.push(await apply(client, review.plan, dryRun));
  const kept = reviews.flatMap(({ plan }) => (plan.action === 'create' ? [] : [plan.existing.id]));
  return {
    outcomes,
    notes: strayEndpointNotes(url, existing, kept),
    problems: reviews.flatMap((review) => review.problems),
  };
}
