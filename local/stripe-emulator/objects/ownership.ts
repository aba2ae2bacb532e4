/**
 * Which account an object belongs to. Calls made with the `Stripe-Account` header act on that
 * connected account: what they create (a direct charge's session, payment intent, charge, refunds,
 * disputes, balance transactions) belongs to it, and only calls for the same account can see it.
 * Everywhere else, as in Stripe, the object does not exist: `resource_missing`, 404.
 */
import type { EmulatorContext } from '../context';
import { resourceMissing } from '../errors';

/** A connected account's id, or null for the platform itself. */
export type Owner = string | null;

export const ownerOf = (ctx: EmulatorContext, id: string): Owner => ctx.state.owners[id] ?? null;

export const recordOwner = (ctx: EmulatorContext, id: string, owner: Owner): void => {
  if (owner !== null) ctx.state.owners[id] = owner;
};

/** The object `id` of `table`, when it belongs to `owner`; `undefined` otherwise. */
export const findOwned = <T>(
  ctx: EmulatorContext,
  table: Record<string, T>,
  id: string,
  owner: Owner,
): T | undefined => (ownerOf(ctx, id) === owner ? table[id] : undefined);

export const requireOwned = <T>(
  ctx: EmulatorContext,
  table: Record<string, T>,
  id: string,
  owner: Owner,
  objectName: string,
  param = 'id',
): T => {
  const found = findOwned(ctx, table, id, owner);
  if (found === undefined) throw resourceMissing(objectName, id, param);
  return found;
};

/** The objects of `table` that belong to `owner`, newest first (as Stripe lists them). */
export const ownedNewestFirst = <T extends { id: string; created: number }>(
  ctx: EmulatorContext,
  table: Record<string, T>,
  owner: Owner,
): T[] =>
  Object.values(table)
    .filter((item) => ownerOf(ctx, item.id) === owner)
    .reverse()
    .sort((a, b) => b.created - a.created);
