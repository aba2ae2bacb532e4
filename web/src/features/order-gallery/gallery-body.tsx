/**
 * The gallery itself (loaded only for a fulfilled order, so the photo album, lightbox and ZIP code
 * stay out of every other page): the masonry grid of section 9, the viewer, 'Download ZIP' and, on phones
 * that share files, 'Save to Photos'.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { MasonryPhotoAlbum } from 'react-photo-album';
import 'react-photo-album/masonry.css';
import { MASONRY } from '#shared/rules/constants';
import { galleryErrors, orderStatusReasonTexts } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { ShownImage } from '../../components/shown-image';
import { orderGalleryTexts as texts } from './texts';
import {
  GRID_WIDTH_CSS,
  masonryColumns,
  masonrySpacing,
  shownPhotos,
  type ShownPhoto,
} from './gallery-photos';
import type { OpenedGallery } from './gallery-load';
import type { FreshPhoto } from './photo-viewer';
import { useFreshOrder, type FreshOrderEvents } from './use-fresh-order';
import { canSaveToPhotos } from './save/save-to-photos';
import { SaveToPhotosAction } from './save/save-to-photos-action';
import { ZipDownloadAction } from './zip/zip-download-action';
import { countActivity } from '../../lib/activity-beacon';

/**
 * The viewer (the lightbox and its styles, most of this chunk) loads when a photo is first opened: a
 * phone shows the grid without evaluating it, and fetching it then takes one short request.
 */
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

function photosOrError(order: OpenedGallery['order']): { photos: ShownPhoto[] } | { error: string } {
  try {
    return { photos: shownPhotos(order.photoUrls) };
  } catch (error) {
    console.error(error);
    return { error: galleryErrors.loadFailed };
  }
}

interface GalleryBodyProps extends FreshOrderEvents {
  /** The order as it opened: its photos, or their thumbnails until the human check brings them. */
  opened: OpenedGallery;
}

export function GalleryBody({ opened: initial, ...events }: GalleryBodyProps) {
  const {
    opened: { order },
    freshOrder,
  } = useFreshOrder(initial, events);
  const result = useMemo(() => photosOrError(order), [order]);
  const [index, setIndex] = useState(-1);
  const [viewerWanted, setViewerWanted] = useState(false);
  const [savesToPhotos] = useState(() => canSaveToPhotos());
  const orderId = order.orderId;
  // Each photo shown in the viewer counts as a view (counts only, sent as the page is hidden).
  useEffect(() => {
    if (index >= 0) countActivity({ kind: 'order', id: orderId }, 'photoViews');
  }, [index, orderId]);
  const countSaved = (photos = 1) => countActivity({ kind: 'order', id: orderId }, 'singleDownloads', photos);

  if ('error' in result) return <ErrorMessage message={result.error} />;
  const { photos } = result;
  const total = photos.length;
  const fresh: FreshPhoto = async (photoId) => {
    const url = (await freshOrder()).photoUrls[photoId]?.url;
    return url === undefined ? undefined : { photoId, url };
  };

  return (
    <>
      {/* A dispute won or a partial refund: said once, in plain words, above the photos. */}
      {order.statusReason && <p role="status">{orderStatusReasonTexts[order.statusReason]}</p>}
      <div className="gallery-grid" role="region" aria-label={texts.gridLabel}>
        <MasonryPhotoAlbum
          photos={photos.map((photo, i) => ({
            key: photo.photoId,
            src: photo.gridSrc,
            webp: photo.gridWebp,
            width: photo.width,
            height: photo.height,
            alt: texts.photoAlt(i + 1, total),
            label: texts.openPhoto(i + 1, total),
          }))}
          columns={masonryColumns}
          spacing={masonrySpacing}
          sizes={{ size: GRID_WIDTH_CSS }}
          defaultContainerWidth={MASONRY.breakpoints[0].minWidth}
          onClick={({ index: clicked }) => {
            setViewerWanted(true);
            setIndex(clicked);
          }}
          render={{ image: (props, { photo }) => <ShownImage {...props} webp={photo.webp} /> }}
          componentsProps={{
            container: { style: { marginBottom: MASONRY.bottomMargin } },
            image: { loading: 'lazy', decoding: 'async' },
          }}
        />
      </div>
      {viewerWanted && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            index={index}
            onIndexChange={setIndex}
            onClose={() => setIndex(-1)}
            fresh={fresh}
            onSaved={() => countSaved()}
          />
        </Suspense>
      )}
      <ZipDownloadAction orderId={order.orderId} freshOrder={freshOrder} total={total} />
      {savesToPhotos && <SaveToPhotosAction freshOrder={freshOrder} total={total} onSaved={countSaved} />}
    </>
  );
}
