/**
 * The order-access calls as the spec describes them: each preceded by its human check, and failed
 * checkout calls raised as 'Failed to validate checkout: {status} - {message}' and the like (section 8),
 * so the step rules can read the server's message.
 */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { orderErrors } from '#shared/texts/errors';
import type { PublicOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import type { Services } from '../../lib/services';

export interface CheckoutResult {
  status: PublicOrder['status'];
  emailSent: boolean;
  emailError?: string;
}

export interface OrderAccessCalls {
  checkOrder(orderId: string): Promise<PublicOrder>;
  /** Returns the checkout session id. */
  validateCheckout(orderId: string, customerEmail: string): Promise<string>;
  completeCheckout(orderId: string, sessionId: string): Promise<CheckoutResult>;
}

export function orderAccessCalls({
  api,
  executeCaptcha,
}: Pick<Services, 'api' | 'executeCaptcha'>): OrderAccessCalls {
  return {
    async checkOrder(orderId) {
      const captchaToken = await executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
      return api.publicOrder({ orderId }, { captchaToken });
    },
    async validateCheckout(orderId, customerEmail) {
      const captchaToken = await executeCaptcha(CAPTCHA_ACTIONS.validateCheckout);
      const result = await describingFailure(orderErrors.validateCheckoutFailed, () =>
        api.validateCheckout({ orderId }, { customerEmail, captchaToken }),
      );
      return result.orderDetails.sessionId;
    },
    async completeCheckout(orderId, sessionId) {
      const captchaToken = await executeCaptcha(CAPTCHA_ACTIONS.completeCheckout);
      return describingFailure(orderErrors.completeCheckoutFailed, () =>
        api.completeCheckout({ orderId }, { sessionId, captchaToken }),
      );
    },
  };
}

async function describingFailure<T>(
  describe: (status: number, message: string) => string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw new Error(describe(error.status, error.message), { cause: error });
    throw error;
  }
}
