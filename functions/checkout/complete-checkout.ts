import { clientIp, routeHandler } from '../lib/http';
import { completeCheckout } from './service';

export const handler = routeHandler('completeCheckout', ({ params, body, event }) =>
  completeCheckout({
    orderId: params.orderId,
    sessionId: body.sessionId,
    captchaToken: body.captchaToken,
    sourceIp: clientIp(event),
  }),
);
