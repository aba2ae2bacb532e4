import { clientIp, routeHandler } from '../lib/http';
import { addActivity } from '../domains/activity/activity-store';
import { openGallery } from './access';
import { galleryView } from './view';

export const handler = routeHandler('publicGallery', async ({ params, body, event }) => {
  const record = await openGallery(params.publicId, body.pin, new Date(), {
    captchaToken: body.captchaToken,
    remoteIp: clientIp(event),
  });
  // Opened: counted once the gallery is shown (a PIN asked for first counts nothing), never failing it.
  const [view] = await Promise.all([
    galleryView(record),
    addActivity({ kind: 'gallery', id: record.publicId }, record.userId, { opened: 1 }),
  ]);
  return view;
});
