/**
 * The fulfilled order's own call, which brings an open gallery its photos (after the human check) and
 * refreshes their signed URLs: apart from gallery-load.ts so that the order page's first chunk carries
 * neither it, the check, nor the order texts its failure quotes.
 */
import { CAPTCHA_ACTIONS } from '#shared/contract/captcha-actions';
import { orderErrors } from '#shared/texts/errors';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import type { Services } from '../../lib/services';

type Calls = Pick<Services, 'api' | 'executeCaptcha'>;

class RobotCheckFailed extends Error {}

/** A refused human check, on our side or the server's (its messages all contain 'captcha'). */
export const isCaptchaRefusal = (error: unknown) =>
  error instanceof RobotCheckFailed ||
  (error instanceof ApiError && error.status === 403 && /captcha/i.test(error.message));

async function humanCheck({ executeCaptcha }: Calls): Promise<string> {
  try {
    return await executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
  } catch (error) {
    throw new RobotCheckFailed(String(error), { cause: error });
  }
}

/**
 * The fulfilled order's photos, after a human check of their own (tokens are good once); failures carry
 * 'Failed to get fulfilled order: {status} - {message}'.
 */
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
