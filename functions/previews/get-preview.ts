/** GET `/previews/{publicId}/{closes}/{secret}/{photoId}/{size}`: the preview itself, made if missing. */
import { routeHandler } from '../lib/http';
import { previewOnDemand } from './service';

export const handler = routeHandler('publicGalleryPreview', ({ params }) => previewOnDemand(params));
