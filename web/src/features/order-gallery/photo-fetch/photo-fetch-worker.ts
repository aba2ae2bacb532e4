/** A dedicated worker fetching the ZIP's photos for the page (photo-fetchers.ts says why). */
import type { MessageEnd } from './photo-fetch-protocol';
import { servePhotoFetches } from './photo-fetch-service';

servePhotoFetches(self as unknown as MessageEnd);
