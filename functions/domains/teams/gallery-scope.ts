/**
 * A photographer works on the galleries they created or were given, and no other: checked once for every
 * seller call that names a gallery (functions/lib/http.ts), before the route's own code, so no route can
 * forget it. Another gallery reads as not found, like another seller's.
 */
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { notFound } from '../../lib/http-error';
import { getGallery, type GalleryRecord } from '../galleries/gallery-store';
import type { TeamCaller } from './team-caller';

export const openToPhotographer = (
  gallery: Pick<GalleryRecord, 'createdBy' | 'photographers'>,
  memberId: string,
): boolean => gallery.createdBy === memberId || (gallery.photographers ?? []).includes(memberId);

/** Refuses a photographer's call on a gallery that is not open to them; anyone else passes. */
export async function checkGalleryScope(member: TeamCaller, galleryId: string | undefined): Promise<void> {
  if (member.role !== 'photographer' || galleryId === undefined) return;
  const gallery = await getGallery(member.businessId, galleryId);
  if (!gallery || !openToPhotographer(gallery, member.memberId))
    throw notFound(sellerToolErrors.galleryNotFound);
}
