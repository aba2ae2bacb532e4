/**
 * Opening an order: one call (`openOrder`), whose answer is the fulfilled order's photos or the order as
 * its steps need it. The human check guards the photos only: the page asks without one, and an order
 * whose photos are the customer's answers `check`, so the page runs the check and asks again with its
 * token. An order waiting for payment opens with no check at all (its email step and checkout check on
 * their own). This replaces the public document's load sequence (section 4: a check, the fulfilled order
 * first, the public order when that fails), which cost a phone two round trips and two checks:
 * docs/decisions.md, "One call opens an order". A refused check, an unknown order and any other failure
 * are the gallery's states as before. The fulfilled order's own call stays for refreshing a gallery's
 * signed URLs, with its failure text (fulfilled-order.ts). Every call gets its own token: tokens are good
 * once.
 */
import { CAPTCHA_ACTIONS } from '#shared/contract/captcha-actions';
import { galleryErrors } from '#shared/texts/gallery-errors';
import type { FulfilledOrder, OpenedOrder, PublicOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import type { Services } from '../../lib/services';

export type GalleryLoad =
  | { kind: 'robot-check-failed' }
  | { kind: 'error'; message: string }
  | { kind: 'not-found' }
  | { kind: 'gallery'; order: FulfilledOrder }
  /** Not fulfilled (or not any more): the order-access steps take over with this order. */
  | { kind: 'order'; order: PublicOrder };

export type Calls = Pick<Services, 'api' | 'executeCaptcha'>;

class RobotCheckFailed extends Error {}

/** A refused human check, on our side or the server's (its messages all contain 'captcha'). */
export const isCaptchaRefusal = (error: unknown) =>
  error instanceof RobotCheckFailed ||
  (error instanceof ApiError && error.status === 403 && /captcha/i.test(error.message));

export async function humanCheck({ executeCaptcha }: Calls): Promise<string> {
  try {
    return await executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
  } catch (error) {
    throw new RobotCheckFailed(String(error), { cause: error });
  }
}

/** The order opened, with the human check run only when the answer asks for it. */
async function openOrder(calls: Calls, orderId: string): Promise<Exclude<OpenedOrder, { kind: 'check' }>> {
  const opened = await calls.api.openOrder({ orderId }, {});
  if (opened.kind !== 'check') return opened;
  const checked = await calls.api.openOrder({ orderId }, { captchaToken: await humanCheck(calls) });
  if (checked.kind === 'check') throw new Error('the order asked for a human check after passing one');
  return checked;
}

export async function loadGallery(calls: Calls, orderId: string): Promise<GalleryLoad> {
  try {
    const opened = await openOrder(calls, orderId);
    return opened.kind === 'photos'
      ? { kind: 'gallery', order: opened.order }
      : { kind: 'order', order: opened.order };
  } catch (error) {
    if (isCaptchaRefusal(error)) return { kind: 'robot-check-failed' };
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    return { kind: 'error', message: galleryErrors.loadFailed };
  }
}
