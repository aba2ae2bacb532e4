/**
 * An open public gallery: header, prices, Find my photos (when the seller switched it on), the grid
 * (only the matches after a search, closest first, until "Show all photos"), the viewer and the
 * selection bar.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicGalleryPhoto, PublicGalleryView } from '#shared/schemas/public-gallery';
import { handOverEarlyCover } from './early-view';
import { FindMyPhotos } from './find-my-photos';
import { GalleryHeader } from './gallery-header';
import { PriceList } from './price-list';
import { PublicPhotoGrid } from './public-photo-grid';
import { SelectionBar } from './selection-bar';
import { publicGalleryTexts as texts } from './texts';
import { useSelection } from './use-selection';

/** The lightbox (most of its weight) loads when a photo is first opened. */
const PublicPhotoViewer = lazy(() =>
  import('./public-photo-viewer').then((m) => ({ default: m.PublicPhotoViewer })),
);

function useShownPhotos(view: PublicGalleryView) {
  const [matches, setMatches] = useState<string[] | null>(null);
  const shown = useMemo(() => {
    if (!matches) return view.photos;
    const byId = new Map(view.photos.map((photo) => [photo.photoId, photo]));
    return matches.map((id) => byId.get(id)).filter((p): p is PublicGalleryPhoto => p !== undefined);
  }, [matches, view.photos]);
  return { shown, matches, setMatches };
}

export function GalleryView({ view, pin }: { view: PublicGalleryView; pin: string | undefined }) {
  const photoIds = useMemo(() => view.photos.map((photo) => photo.photoId), [view.photos]);
  const selection = useSelection(view.publicId, photoIds);
  const { shown, matches, setMatches } = useShownPhotos(view);
  const [index, setIndex] = useState(-1);
  const [viewerWanted, setViewerWanted] = useState(false);
  const galleryRef = useRef<HTMLDivElement>(null);
  // The header's cover takes over from the one index.html drew at its place before the app loaded.
  useEffect(
    () => handOverEarlyCover(galleryRef.current?.querySelector<HTMLImageElement>('img.public-cover')),
    [],
  );

  return (
    <div className="public-gallery" ref={galleryRef}>
      <GalleryHeader view={view} />
      <PriceList view={view} />
      {view.faceSearch && (
        <FindMyPhotos publicId={view.publicId} pin={pin} photoIds={photoIds} onFound={setMatches} />
      )}
      {matches && (
        <div className="public-matches">
          <p role="status" data-testid="face-search-found">
            {texts.found(shown.length)}
          </p>
          <button type="button" className="button-link" onClick={() => setMatches(null)}>
            {texts.showAll}
          </button>
        </div>
      )}
      {view.photos.length === 0 && <p>{texts.noPhotos}</p>}
      <PublicPhotoGrid
        // A new set of photos lays out afresh (the album keeps no stale boxes).
        key={matches ? matches.join() : 'all'}
        photos={shown}
        isSelected={selection.isSelected}
        onToggle={selection.toggle}
        onOpen={(opened) => {
          setViewerWanted(true);
          setIndex(opened);
        }}
      />
      {viewerWanted && (
        <Suspense fallback={null}>
          <PublicPhotoViewer
            photos={shown}
            index={index}
            onIndexChange={setIndex}
            onClose={() => setIndex(-1)}
          />
        </Suspense>
      )}
      <SelectionBar
        view={view}
        pin={pin}
        selected={selection.selected}
        onClear={selection.clear}
        onOrdered={selection.clear}
      />
    </div>
  );
}
