/**
 * The full-screen viewer of the public gallery's watermarked previews (`fullUrl`), with the order
 * gallery's settings. Loaded on first open: the library and its styles stay out of the page's chunk.
 * Its slides are the photos loaded so far, and grow as the next pages load; while pages remain it does
 * not wrap from the last loaded photo to the first.
 */
import type { PublicGalleryPhoto } from '#shared/schemas/public-gallery';
import { PhotoLightbox } from '../../components/photo-lightbox';
import { publicGalleryTexts as texts } from './texts';

export interface PublicPhotoViewerProps {
  photos: readonly PublicGalleryPhoto[];
  /** Every photo of this set, loaded or not (the slides' "of N"). */
  total: number;
  /** More photos are still to load after the last one. */
  hasMore: boolean;
  /** The open photo's index; -1 when closed. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export function PublicPhotoViewer({
  photos,
  total,
  hasMore,
  index,
  onIndexChange,
  onClose,
}: PublicPhotoViewerProps) {
  const slides = photos.map((photo, i) => ({
    src: photo.fullUrl,
    alt: texts.photoAlt(i + 1, total),
  }));
  return (
    <PhotoLightbox
      slides={slides}
      index={index}
      onIndexChange={onIndexChange}
      onClose={onClose}
      labels={texts.viewer}
      finite={hasMore}
    />
  );
}
