/**
 * Opening an order: one human check and one call (`openOrder`), whose answer is the fulfilled order's
 * photos or the order as its steps need it. This replaces the public document's load sequence (section
 * 4: the fulfilled order first, the public order when that fails), which cost a phone two round trips and
 * two checks: docs/decisions.md, "One call opens an order". A refused check, an unknown order and any
 * other failure are the gallery's states as before. The fulfilled order's own call stays for refreshing
 * a gallery's signed URLs, with its failure text. Every call gets its own token: tokens are good once.
 */
import { CAPTCHA_ACTIONS } from '#shared/captcha-actions';
import { galleryErrors, orderErrors } from '#shared/errors';
import type { FulfilledOrder, PublicOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import type { Services } from '../../lib/services';

export type GalleryLoad =
  | { kind: 'robot-check-failed' }
  | { kind: 'error'; message: string }
  | { kind: 'not-found' }
  | { kind: 'gallery'; order: FulfilledOrder }
  /** Not fulfilled (or not any more): the order-access steps take over with this order. */
  | { kind: 'order'; order: PublicOrder };

type Calls = Pick<Services, 'api' | 'executeCaptcha'>;

class RobotCheckFailed extends Error {}

/** A refused human check, on our side or the server's (its messages all contain 'captcha'). */
const isCaptchaRefusal = (error: unknown) =>
  error instanceof RobotCheckFailed ||
  (error instanceof ApiError && error.status === 403 && /captcha/i.test(error.message));

async function humanCheck({ executeCaptcha }: Calls): Promise<string> {
  try {
    return await executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
  } catch (error) {
    throw new RobotCheckFailed(String(error), { cause: error });
  }
}

/** The fulfilled order's photos; failures carry 'Failed to get fulfilled order: {status} - {message}'. */
export async function fetchFulfilledOrder(calls: Calls, orderId: string): Promise<FulfilledOrder> {
  const captchaToken = await humanCheck(calls);
  try {
    return await calls.api.fulfilledOrder({ orderId }, { captchaToken });
  } catch (error) {
    if (error instanceof ApiError && !isCaptchaRefusal(error))
      throw new ApiError(
        orderErrors.fulfilledOrderFailed(error.status, error.message),
        error.status,
        error.statusText,
      );
    throw error;
  }
}

export async function loadGallery(calls: Calls, orderId: string): Promise<GalleryLoad> {
  try {
    const captchaToken = await humanCheck(calls);
    const opened = await calls.api.openOrder({ orderId }, { captchaToken });
    return opened.kind === 'photos'
      ? { kind: 'gallery', order: opened.order }
      : { kind: 'order', order: opened.order };
  } catch (error) {
    if (isCaptchaRefusal(error)) return { kind: 'robot-check-failed' };
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    return { kind: 'error', message: galleryErrors.loadFailed };
  }
}
