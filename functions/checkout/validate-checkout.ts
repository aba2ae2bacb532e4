import { clientIp, routeHandler } from '../lib/http';
import { validateCheckout } from './service';

export const handler = routeHandler('validateCheckout', ({ params, body, event }) =>
  validateCheckout({
    orderId: params.orderId,
    customerEmail: body.customerEmail,
    captchaToken: body.captchaToken,
    sourceIp: clientIp(event),
  }),
);
