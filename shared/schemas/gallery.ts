import * as z from 'zod/mini';
import { GALLERY_THUMBNAILS_FOR_MAX } from '../rules/constants';
import { Id, PageQuery } from './common';

export const PhotoStatus = z.enum(['UPLOADING', 'PROCESSING', 'READY', 'FAILED']);

/** Photo (account document, section 3) plus what our web tools need. */
export const Photo = z.object({
  photoId: Id,
  thumbnailUrl: z.optional(z.string()),
  /** The same thumbnail as WebP, for browsers that take it (photos processed before WebP have none). */
  thumbnailWebpUrl: z.optional(z.string()),
  downloadUrl: z.optional(z.string()),
  description: z.optional(z.string()),
  status: z.optional(PhotoStatus),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  /** Why a FAILED photo failed (e.g. the file is not an image), for the seller. */
  failureReason: z.optional(z.string()),
  /** The team member who uploaded it (absent on photos from before teams: the owner). */
  uploadedBy: z.optional(z.string()),
});
export type Photo = z.infer<typeof Photo>;

export const Gallery = z.object({
  galleryId: Id,
  albumName: z.string(),
  createdAt: z.string(),
  photoCount: z.number(),
  photos: z.array(Photo),
  /** The team member who created it (absent: the owner, or before teams). */
  createdBy: z.optional(z.string()),
  /** The photographers it was given to, who may upload to it. */
  photographers: z.optional(z.array(z.string())),
});
export type Gallery = z.infer<typeof Gallery>;

export const GalleryIdParams = z.object({ galleryId: Id });
export const GalleryPhotoParams = z.object({ galleryId: Id, photoId: Id });

export const AlbumName = z
  .string()
  .check(z.trim(), z.minLength(1, 'Please enter a gallery name'), z.maxLength(120));
export const GalleryBody = z.object({ albumName: AlbumName });

/** `createdBy`: only the galleries this team member created (the owner's id: theirs and those made before teams). */
export const ListGalleriesQuery = z.extend(PageQuery, { createdBy: z.optional(Id) });
export const GalleryList = z.object({
  galleries: z.array(z.omit(Gallery, { photos: true })),
  nextToken: z.optional(z.string()),
});

/** Photo ids separated by commas, at most GALLERY_THUMBNAILS_FOR_MAX of them (none: an empty string). */
const PhotoIdList = z
  .string()
  .check(
    z.regex(
      new RegExp(`^([A-Za-z0-9_-]{8,64}(,[A-Za-z0-9_-]{8,64}){0,${GALLERY_THUMBNAILS_FOR_MAX - 1}})?$`),
      'Invalid photo ids',
    ),
  );

export const GalleryDetailsQuery = z.object({
  includeUrls: z.optional(z.stringbool()),
  includeThumbnails: z.optional(z.stringbool()),
  /**
   * With includeThumbnails: the thumbnails of these photos only (a re-read that has the others'). Without
   * it, every photo's that has one.
   */
  thumbnailsFor: z.optional(PhotoIdList),
});

export const ThumbnailsQuery = z.object({ userId: z.optional(z.string().check(z.maxLength(128))) });
export const ThumbnailsBody = z.object({ photoIds: z.array(Id).check(z.minLength(1), z.maxLength(500)) });
export const ThumbnailsResponse = z.object({ thumbnails: z.record(z.string(), z.string()) });

/** Upload: the API issues one signed PUT URL per file straight to the originals bucket. */
export const UploadQuality = z.enum(['original', 'optimized']);
export const UploadFile = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  size: z.number().check(z.int(), z.minimum(1)),
  contentType: z.string().check(z.maxLength(100)),
  /** Set by the browser so that a retried request is counted once. */
  clientFileId: z.string().check(z.minLength(1), z.maxLength(128)),
});
export const CreateUploadsBody = z.object({
  quality: UploadQuality,
  files: z.array(UploadFile).check(z.minLength(1), z.maxLength(50)),
});
export const CreateUploadsResponse = z.object({
  uploads: z.array(
    z.object({
      clientFileId: z.string(),
      photoId: Id,
      url: z.string(),
      headers: z.record(z.string(), z.string()),
    }),
  ),
  currentMonthUploads: z.number(),
  monthlyPhotoUploadLimit: z.number(),
});
