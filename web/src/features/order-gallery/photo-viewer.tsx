/**
 * The full-screen viewer (public document, sections 2 and 9) on yet-another-react-lightbox, set up
 * with the spec's constants: fade 250 ms, swipe 500 ms, 2 slides preloaded each side, 30% spacing,
 * 16 px padding, images contained. Arrows, Escape, swipe and pull-to-close come with the library;
 * its swipe distance threshold (30 px) and pull-close range (60 px) are the spec's values and are not
 * configurable (checked by photo-viewer-config.test.ts). Each slide shows the library's own loading
 * and error states. Toolbar: Download on desktop-class devices only, Share everywhere.
 */
import { IconButton, createIcon, useLightboxState } from 'yet-another-react-lightbox';
import { SINGLE_DOWNLOAD_URL_REVOKE_MS, VIEWER_DOWNLOAD_URL_REVOKE_MS } from '#shared/rules/constants';
import { PhotoLightbox } from '../../components/photo-lightbox';
import { orderGalleryTexts as texts } from './texts';
import { isDesktopDevice } from './save/device';
import { downloadPhoto, sharePhoto, type PhotoRef } from './save/downloads';
import type { ShownPhoto } from './gallery-photos';
import { webpSupported } from '../../lib/webp-support';

declare module 'yet-another-react-lightbox' {
  // Our toolbar buttons' labels, translated through `labels` like the library's own.
  interface Labels {
    Download?: string;
    Share?: string;
  }
}

const DownloadIcon = createIcon(
  'Download',
  <path d="M5 20h14v-2H5v2zm7-18-1.4 1.4L15 7.8V4h-2v9.2l-4.6-4.6L7 10l5 5 5-5-1.4-1.4L13 13.2V2h-1z" />,
);
const ShareIcon = createIcon(
  'Share',
  <path d="M18 16a3 3 0 0 0-2.4 1.2l-7-3.5a3 3 0 0 0 0-1.4l7-3.5A3 3 0 1 0 15 7l-7 3.5a3 3 0 1 0 0 3l7 3.5A3 3 0 1 0 18 16z" />,
);

// Shared with the public gallery's viewer (components/photo-lightbox.tsx); named here for the settings test.
export { LIGHTBOX_SETTINGS } from '../../lib/lightbox-settings';

/** The photo on screen, or undefined when there is none ('No image selected'). */
function useCurrentPhoto(
  photos: readonly ShownPhoto[],
  fresh: FreshPhoto,
): () => Promise<PhotoRef | undefined> {
  const { currentIndex } = useLightboxState();
  return async () => {
    const photo = photos[currentIndex];
    return photo && fresh(photo.photoId);
  };
}

/** Looks a photo up in the order with URLs that still work. */
export type FreshPhoto = (photoId: string) => Promise<PhotoRef | undefined>;

interface ButtonProps {
  photos: readonly ShownPhoto[];
  fresh: FreshPhoto;
  /** A photo was saved or shared (the customer activity's single downloads). */
  onSaved: () => void;
}

function DownloadButton({ photos, fresh, onSaved }: ButtonProps) {
  const current = useCurrentPhoto(photos, fresh);
  return (
    <IconButton
      label="Download"
      icon={DownloadIcon}
      onClick={() =>
        void current()
          .then((photo) => downloadPhoto(photo, VIEWER_DOWNLOAD_URL_REVOKE_MS))
          .then((saved) => saved && onSaved())
      }
    />
  );
}

function ShareButton({ photos, fresh, onSaved }: ButtonProps) {
  const current = useCurrentPhoto(photos, fresh);
  return (
    <IconButton
      label="Share"
      icon={ShareIcon}
      onClick={() =>
        void current()
          .then((photo) => sharePhoto(photo, SINGLE_DOWNLOAD_URL_REVOKE_MS))
          .then((saved) => saved && onSaved())
      }
    />
  );
}

interface PhotoViewerProps {
  photos: readonly ShownPhoto[];
  /** The open photo's index; -1 when closed. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  fresh: FreshPhoto;
  onSaved: () => void;
}

export function PhotoViewer({ photos, index, onIndexChange, onClose, fresh, onSaved }: PhotoViewerProps) {
  const total = photos.length;
  const webp = webpSupported();
  const slides = photos.map((photo, i) => ({
    // The thumbnail until the human check has brought the photo (a first tap starts both).
    src: photo.url ?? photo.gridSrc,
    alt: texts.photoAlt(i + 1, total),
    ...photo.fullSize,
    // The 2048 px WebP where it is enough for the screen, the delivered image where it is not.
    ...(webp &&
      photo.url &&
      photo.shownWebp &&
      photo.fullSize && { srcSet: [photo.shownWebp, { src: photo.url, ...photo.fullSize }] }),
  }));
  const buttons = [
    ...(isDesktopDevice()
      ? [<DownloadButton key="download" photos={photos} fresh={fresh} onSaved={onSaved} />]
      : []),
    <ShareButton key="share" photos={photos} fresh={fresh} onSaved={onSaved} />,
    'close' as const,
  ];
  return (
    <PhotoLightbox
      slides={slides}
      index={index}
      onIndexChange={onIndexChange}
      onClose={onClose}
      labels={texts.viewer}
      toolbar={{ buttons }}
    />
  );
}
