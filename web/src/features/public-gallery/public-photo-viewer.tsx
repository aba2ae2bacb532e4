/**
 * The full-screen viewer of the public gallery's watermarked previews (`fullUrl`), with the order
 * gallery's settings. Loaded on first open: the library and its styles stay out of the page's chunk.
 */
import type { PublicGalleryPhoto } from '#shared/schemas/public-gallery';
import { PhotoLightbox } from '../../components/photo-lightbox';
import { publicGalleryTexts as texts } from './texts';

export interface PublicPhotoViewerProps {
  photos: readonly PublicGalleryPhoto[];
  /** The open photo's index; -1 when closed. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export function PublicPhotoViewer({ photos, index, onIndexChange, onClose }: PublicPhotoViewerProps) {
  const slides = photos.map((photo, i) => ({
    src: photo.fullUrl,
    alt: texts.photoAlt(i + 1, photos.length),
  }));
  return (
    <PhotoLightbox
      slides={slides}
      index={index}
      onIndexChange={onIndexChange}
      onClose={onClose}
      labels={texts.viewer}
    />
  );
}
