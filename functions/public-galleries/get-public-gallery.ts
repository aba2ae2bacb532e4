import { clientIp, routeHandler } from '../lib/http';
import { openGallery } from './access';
import { galleryView } from './view';

export const handler = routeHandler('publicGallery', async ({ params, body, event }) =>
  galleryView(
    await openGallery(params.publicId, body.pin, new Date(), {
      captchaToken: body.captchaToken,
      remoteIp: clientIp(event),
    }),
  ),
);
