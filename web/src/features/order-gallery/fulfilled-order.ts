/**
 * The fulfilled order's own call, which refreshes an open gallery's signed URLs: apart from gallery-load.ts
 * so that the order page's first chunk does not carry it (nor the order texts its failure quotes).
 */
import { orderErrors } from '#shared/texts/errors';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import { humanCheck, isCaptchaRefusal, type Calls } from './gallery-load';

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
