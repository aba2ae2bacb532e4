/** Stripe list objects with `limit`, `starting_after` and `ending_before` cursors. */
import { invalidRequest, resourceMissing } from '../errors';
import type { Params } from '../params';

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** `items` newest first, as Stripe lists them. */
export const pageOf = <T extends { id: string }>(
  items: T[],
  params: Params,
  url: string,
  objectName: string,
): StripeList<T> => {
  const limit = params.optionalInteger('limit', 1) ?? 10;
  if (limit > 100) throw invalidRequest('This value must be less than or equal to 100.', 'limit');
  const startingAfter = params.optionalString('starting_after');
  const endingBefore = params.optionalString('ending_before');
  const indexOf = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw resourceMissing(objectName, id, param);
    return index;
  };
  if (endingBefore !== undefined) {
    const end = indexOf(endingBefore, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = startingAfter === undefined ? 0 : indexOf(startingAfter, 'starting_after') + 1;
  return {
    object: 'list',
    data: items.slice(start, start + limit),
    has_more: start + limit < items.length,
    url,
  };
};
