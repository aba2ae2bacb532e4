/**
 * An open public gallery: header, prices, Find my photos (when the seller switched it on), the windowed
 * grid of every photo (loading the next page as the customer scrolls, or as the viewer nears the last
 * loaded photo), the matches of a search instead (closest first, whatever page they lie on) until
 * "Show all photos" brings back the grid where the customer left it, the viewer and the selection bar.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LIGHTBOX } from '#shared/rules/constants';
import type { PublicGalleryPhoto, PublicGalleryView } from '#shared/schemas/public-gallery';
import { ErrorMessage } from '../../components/error-message';
import { Progress } from '../../components/progress';
import { handOverEarlyCover } from './early-view';
import { FindMyPhotos } from './find-my-photos';
import { GalleryHeader } from './gallery-header';
import { PriceList } from './price-list';
import { PublicPhotoGrid } from './public-photo-grid';
import { SelectionBar } from './selection-bar';
import { publicGalleryTexts as texts } from './texts';
import { usePhotoPages, type PageStatus } from './use-photo-pages';
import { useSelection } from './use-selection';
import { countActivity } from '../../lib/activity-beacon';

/** The lightbox (most of its weight) loads when a photo is first opened. */
const PublicPhotoViewer = lazy(() =>
  import('./public-photo-viewer').then((m) => ({ default: m.PublicPhotoViewer })),
);

/**
 * A search's matches, shown instead of the grid of every photo, which stays as it was (its pages, its
 * layout) and comes back at the scroll position it had when the matches came.
 */
function useMatches() {
  const [matches, setMatches] = useState<PublicGalleryPhoto[] | null>(null);
  const place = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (matches !== null || place.current === null) return;
    window.scrollTo(0, place.current);
    place.current = null;
  }, [matches]);
  return {
    matches,
    show: (found: PublicGalleryPhoto[]) => {
      if (matches === null) place.current = window.scrollY;
      setMatches(found);
    },
    showAll: () => setMatches(null),
  };
}

/** Under the grid: a next page on its way, or one that failed with a retry. */
function PageStatusLine({ status, retry }: { status: PageStatus; retry: () => void }) {
  if (status.kind === 'loading') return <Progress label={texts.loadingMore} />;
  if (status.kind === 'idle') return null;
  return (
    <div className="public-page-failed">
      <ErrorMessage message={status.message} />
      <button type="button" className="button button-secondary" onClick={retry}>
        {texts.tryAgain}
      </button>
    </div>
  );
}

/** The viewer, loaded when a photo is first opened, on the set of photos shown. */
function useViewer() {
  const [index, setIndex] = useState(-1);
  const [wanted, setWanted] = useState(false);
  return {
    index,
    wanted,
    open: (opened: number) => {
      setWanted(true);
      setIndex(opened);
    },
    setIndex,
    close: () => setIndex(-1),
  };
}

export function GalleryView({ view, pin }: { view: PublicGalleryView; pin: string | undefined }) {
  const pages = usePhotoPages(view, pin);
  // Once every page is loaded, the pick can drop the photos the gallery no longer has.
  const everyPhotoId = useMemo(
    () => (pages.hasMore ? undefined : pages.photos.map((photo) => photo.photoId)),
    [pages.hasMore, pages.photos],
  );
  const selection = useSelection(view.publicId, everyPhotoId);
  const { matches, show, showAll } = useMatches();
  const viewer = useViewer();
  const allTotal = Math.max(view.totalPhotos, pages.photos.length);
  const shown = matches ?? pages.photos;
  const shownTotal = matches ? matches.length : allTotal;
  const galleryRef = useRef<HTMLDivElement>(null);
  // The header's cover takes over from the one index.html drew at its place before the app loaded.
  useEffect(
    () => handOverEarlyCover(galleryRef.current?.querySelector<HTMLImageElement>('img.public-cover')),
    [],
  );
  // The viewer coming near the last loaded photo loads the next page: its slides grow.
  // Each photo shown in the viewer counts as a view (counts only, sent as the page is hidden).
  const { publicId } = view;
  useEffect(() => {
    if (viewer.index >= 0) countActivity({ kind: 'gallery', id: publicId }, 'photoViews');
  }, [viewer.index, publicId]);
  const { loadMore } = pages;
  const viewerNearEnd = !matches && viewer.index >= 0 && viewer.index >= shown.length - 1 - LIGHTBOX.preload;
  useEffect(() => {
    if (viewerNearEnd) loadMore();
  }, [viewerNearEnd, loadMore]);

  const gridProps = { isSelected: selection.isSelected, onToggle: selection.toggle, onOpen: viewer.open };
  return (
    <div className="public-gallery" ref={galleryRef}>
      <GalleryHeader view={view} />
      <PriceList view={view} />
      {view.faceSearch && <FindMyPhotos publicId={view.publicId} pin={pin} onFound={show} />}
      {matches && (
        <div className="public-matches">
          <p role="status" data-testid="face-search-found">
            {texts.found(matches.length)}
          </p>
          <button type="button" className="button-link" onClick={showAll}>
            {texts.showAll}
          </button>
        </div>
      )}
      {view.totalPhotos === 0 && pages.photos.length === 0 && <p>{texts.noPhotos}</p>}
      <PublicPhotoGrid
        {...gridProps}
        photos={pages.photos}
        total={allTotal}
        onNearEnd={loadMore}
        hidden={matches !== null}
      />
      {/* A new set of matches lays out afresh. */}
      {matches && (
        <PublicPhotoGrid
          key={matches.map((p) => p.photoId).join()}
          {...gridProps}
          photos={matches}
          total={matches.length}
        />
      )}
      {!matches && <PageStatusLine status={pages.status} retry={pages.retry} />}
      {viewer.wanted && (
        <Suspense fallback={null}>
          <PublicPhotoViewer
            photos={shown}
            total={shownTotal}
            hasMore={!matches && pages.hasMore}
            index={viewer.index}
            onIndexChange={viewer.setIndex}
            onClose={viewer.close}
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
