/**
 * The seller's photo grid: 2 to 8 columns by width (section 9), thumbnails loaded lazily once within
 * 100px of the viewport, a checkbox per photo for selection, and a button to view the full size. A photo
 * still processing shows its thumbnail as soon as the server has one, and can be viewed and selected
 * once READY. A photo whose processing failed says why, with a retry where one can help.
 */
import { useEffect, useRef, useState } from 'react';
import { GALLERY_GRID_COLUMNS, LAZY_IMAGE_MARGIN } from '#shared/rules/constants';
import type { Photo } from '#shared/schemas/gallery';
import { ShownImage } from '../../../components/shown-image';
import { sellerGalleryTexts as texts } from '../texts';
import { canRetry, RetryPhotoButton } from './retry-photo-button';

/** A column per 180 px of width, within the spec's 2 to 8. */
export const columnsFor = (width: number): number =>
  Math.max(GALLERY_GRID_COLUMNS.min, Math.min(GALLERY_GRID_COLUMNS.max, Math.floor(width / 180)));

function useColumns() {
  const ref = useRef<HTMLUListElement>(null);
  const [columns, setColumns] = useState<number>(GALLERY_GRID_COLUMNS.min);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setColumns(columnsFor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, columns };
}

function LazyThumbnail({ src, webp, alt }: { src: string; webp?: string | undefined; alt: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: LAZY_IMAGE_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <span ref={ref} className="lazy">
      {visible ? <ShownImage src={src} webp={webp} alt={alt} decoding="async" /> : null}
    </span>
  );
}

const nameOf = (photo: Photo) => photo.description ?? photo.photoId;

function stateLabel(photo: Photo): string | null {
  if (photo.status === 'FAILED')
    return canRetry(photo) && photo.failureReason
      ? texts.photoFailed(nameOf(photo), photo.failureReason)
      : texts.notAnImage(nameOf(photo));
  if (photo.status === 'UPLOADING' || photo.status === 'PROCESSING') return texts.processing;
  return null;
}

export interface PhotoGridProps {
  galleryId: string;
  photos: Photo[];
  selected: ReadonlySet<string>;
  onToggle: (photoId: string) => void;
  onView: (photo: Photo) => void;
  /** A FAILED photo is being processed again (the server's answer: the photo, PROCESSING). */
  onRetried: (photo: Photo) => void;
}

export function PhotoGrid({ galleryId, photos, selected, onToggle, onView, onRetried }: PhotoGridProps) {
  const { ref, columns } = useColumns();
  return (
    <ul
      ref={ref}
      className="photo-grid"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      data-columns={columns}
    >
      {photos.map((photo) => {
        const ready = photo.status === 'READY';
        const isSelected = selected.has(photo.photoId);
        const state = stateLabel(photo);
        return (
          <li
            key={photo.photoId}
            className={`photo-tile${isSelected ? ' is-selected' : ''}`}
            data-status={photo.status}
          >
            {/* Shown from its first thumbnail on, still processing; viewable in full once READY (the
                same button and image throughout, so the thumbnail is never loaded twice). */}
            {photo.thumbnailUrl ? (
              <button
                type="button"
                className="view"
                disabled={!ready}
                onClick={() => onView(photo)}
                aria-label={texts.viewPhoto(nameOf(photo))}
              >
                <LazyThumbnail src={photo.thumbnailUrl} webp={photo.thumbnailWebpUrl} alt={nameOf(photo)} />
              </button>
            ) : null}
            {/* A FAILED photo is selectable too: deleting it is the other way out its reason offers. */}
            {(ready || photo.status === 'FAILED') && (
              <input
                type="checkbox"
                className="select"
                checked={isSelected}
                onChange={() => onToggle(photo.photoId)}
                aria-label={texts.selectPhoto(nameOf(photo))}
              />
            )}
            {state && (
              <span className="state" role={photo.status === 'FAILED' ? 'alert' : undefined}>
                {state}
              </span>
            )}
            {canRetry(photo) && (
              <RetryPhotoButton
                galleryId={galleryId}
                photo={photo}
                name={nameOf(photo)}
                onRetried={onRetried}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
