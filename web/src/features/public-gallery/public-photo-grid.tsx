/**
 * The public gallery's masonry grid (react-photo-album, the order gallery's breakpoints): each photo
 * has a button that opens the viewer and a toggle that picks it (aria-pressed). The two sit side by
 * side in the photo's box, as buttons cannot nest. The first row loads at once (it is what a phone
 * paints first); the rest lazily.
 */
import { MasonryPhotoAlbum, type Photo } from 'react-photo-album';
import 'react-photo-album/masonry.css';
import { MASONRY } from '#shared/constants';
import type { PublicGalleryPhoto } from '#shared/schemas/public-gallery';
import { GRID_WIDTH_CSS, masonryColumns, masonrySpacing } from '../../lib/masonry';
import { publicGalleryTexts as texts } from './texts';

type GridPhoto = Photo & { photoId: string };

export interface PublicPhotoGridProps {
  photos: readonly PublicGalleryPhoto[];
  isSelected: (photoId: string) => boolean;
  onToggle: (photoId: string) => void;
  onOpen: (index: number) => void;
}

export function PublicPhotoGrid({ photos, isSelected, onToggle, onOpen }: PublicPhotoGridProps) {
  const total = photos.length;
  const gridPhotos: GridPhoto[] = photos.map((photo, i) => ({
    key: photo.photoId,
    photoId: photo.photoId,
    src: photo.gridUrl,
    width: photo.width,
    height: photo.height,
    alt: texts.photoAlt(i + 1, total),
  }));
  return (
    <div className="gallery-grid public-grid" role="region" aria-label={texts.gridLabel}>
      <MasonryPhotoAlbum
        photos={gridPhotos}
        columns={masonryColumns}
        spacing={masonrySpacing}
        sizes={{ size: GRID_WIDTH_CSS }}
        defaultContainerWidth={MASONRY.breakpoints[0].minWidth}
        componentsProps={(containerWidth) => ({
          container: { style: { marginBottom: MASONRY.bottomMargin } },
          image: ({ index, width, height }) => ({
            // The masonry fills the columns left to right first: the first `columns` photos are the top row.
            loading: index < masonryColumns(containerWidth ?? 0) ? 'eager' : 'lazy',
            decoding: 'async',
            width: Math.round(width),
            height: Math.round(height),
          }),
        })}
        render={{
          extras: (_, { photo, index }) => {
            const picked = isSelected(photo.photoId);
            return (
              <>
                <button
                  type="button"
                  className="photo-open"
                  aria-label={texts.openPhoto(index + 1, total)}
                  onClick={() => onOpen(index)}
                />
                <button
                  type="button"
                  className="photo-pick"
                  aria-pressed={picked}
                  aria-label={texts.selectPhoto(index + 1, total)}
                  onClick={() => onToggle(photo.photoId)}
                >
                  <span aria-hidden="true">{picked ? '✓' : ''}</span>
                </button>
              </>
            );
          },
          wrapper: (props, { photo }) => (
            <div {...props} data-selected={isSelected(photo.photoId) || undefined} />
          ),
        }}
      />
    </div>
  );
}
