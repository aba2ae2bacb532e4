/**
 * The public gallery's masonry grid, windowed: only the photos near the viewport are in the DOM, so a
 * gallery of 20,000 photos costs the page what a few screens do (@tanstack/react-virtual's window
 * virtualizer, its lanes as the masonry's columns: each photo goes to the shortest column, as the
 * order gallery's masonry does, with the same breakpoints). The photos' sizes are known from the
 * answer, so nothing is measured and nothing moves as images load.
 *
 * Each photo is a list item (its place and the list's size told to assistive technology, whatever is
 * in the DOM) with a button that opens the viewer and a toggle that picks it (aria-pressed), side by
 * side in the photo's box, as buttons cannot nest. The DOM follows the photos' order, so Tab goes
 * through them in order; the photo holding the focus stays rendered when scrolled away. The top row
 * loads at once (it is what a phone paints first); the rest lazily.
 */
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type FocusEvent } from 'react';
import { MASONRY } from '#shared/rules/constants';
import type { PublicGalleryPhoto } from '#shared/schemas/public-gallery';
import { masonryColumns, masonrySpacing } from '../../lib/masonry';
import { publicGalleryTexts as texts } from './texts';
import { useElementPlace } from './use-element-place';

/** Rows rendered beyond each edge of the viewport (per column), so a quick flick meets photos. */
const OVERSCAN_ROWS = 4;
/** How close (in rows) the rendered photos come to the last loaded one before more are asked for. */
const LOAD_AHEAD_ROWS = 12;

export interface PublicPhotoGridProps {
  photos: readonly PublicGalleryPhoto[];
  /** Every photo of this set, loaded or not: the labels' "of N" and the list's size. */
  total: number;
  isSelected: (photoId: string) => boolean;
  onToggle: (photoId: string) => void;
  onOpen: (index: number) => void;
  /** The rendered photos came near the last loaded one: time for the next page. */
  onNearEnd?: () => void;
  /** Out of sight (another set is shown): keeps its photos and layout, renders nothing new. */
  hidden?: boolean;
}

/** The masonry's column width and gap for the grid's width, as the order gallery lays them out. */
function columnsFor(width: number) {
  const columns = masonryColumns(width);
  const spacing = masonrySpacing(width);
  return { columns, spacing, columnWidth: (width - spacing * (columns - 1)) / columns };
}

/** Keeps the photo that holds the focus rendered, wherever the window scrolls (else focus is lost). */
function useFocusedIndex() {
  const focused = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const index = focused.current;
    if (index === null || index >= range.count || indexes.includes(index)) return indexes;
    return [...indexes, index].sort((a, b) => a - b);
  }, []);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = event.target.closest<HTMLElement>('[data-index]');
    focused.current = item ? Number(item.dataset.index) : null;
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
  };
  return { rangeExtractor, onFocus, onBlur };
}

export function PublicPhotoGrid(props: PublicPhotoGridProps) {
  const { photos, onNearEnd, hidden = false } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const place = useElementPlace(listRef, MASONRY.breakpoints[0].minWidth);
  const { columns, spacing, columnWidth } = columnsFor(place.width);
  const focus = useFocusedIndex();
  // Stable while the photos are: the virtualizer lays out afresh when it changes.
  const getItemKey = useCallback((index: number) => photos[index]!.photoId, [photos]);
  const virtualizer = useWindowVirtualizer({
    count: photos.length,
    enabled: !hidden,
    lanes: columns,
    gap: spacing,
    overscan: OVERSCAN_ROWS,
    scrollMargin: place.top,
    estimateSize: (index) => (columnWidth * photos[index]!.height) / photos[index]!.width,
    getItemKey,
    rangeExtractor: focus.rangeExtractor,
  });
  // The sizes follow the column width, which the virtualizer cannot see change with the same lanes.
  useEffect(() => virtualizer.measure(), [virtualizer, columnWidth]);

  const items = virtualizer.getVirtualItems();
  const lastRendered = items.length > 0 ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (!hidden && lastRendered >= photos.length - 1 - columns * LOAD_AHEAD_ROWS) onNearEnd?.();
  }, [hidden, lastRendered, photos.length, columns, onNearEnd]);

  return (
    <div className="public-grid" role="region" aria-label={texts.gridLabel} hidden={hidden}>
      <div
        ref={listRef}
        role="list"
        className="public-grid-list"
        style={{ height: virtualizer.getTotalSize(), marginBottom: MASONRY.bottomMargin }}
        onFocus={focus.onFocus}
        onBlur={focus.onBlur}
      >
        {items.map(({ index, start, lane, size }) => (
          <GridPhoto
            key={photos[index]!.photoId}
            {...props}
            index={index}
            box={{
              left: lane * (columnWidth + spacing),
              top: start - virtualizer.options.scrollMargin,
              width: columnWidth,
              height: size,
            }}
            eager={index < columns}
          />
        ))}
      </div>
    </div>
  );
}

interface GridPhotoProps extends PublicPhotoGridProps {
  index: number;
  box: { left: number; top: number; width: number; height: number };
  eager: boolean;
}

function GridPhoto({ photos, total, index, box, eager, isSelected, onToggle, onOpen }: GridPhotoProps) {
  const photo = photos[index]!;
  const picked = isSelected(photo.photoId);
  const position = index + 1;
  return (
    <div
      role="listitem"
      className="public-grid-photo"
      data-index={index}
      data-selected={picked || undefined}
      aria-setsize={total}
      aria-posinset={position}
      style={{
        width: box.width,
        height: box.height,
        transform: `translate(${box.left}px, ${box.top}px)`,
      }}
    >
      <img
        src={photo.gridUrl}
        alt={texts.photoAlt(position, total)}
        width={Math.round(box.width)}
        height={Math.round(box.height)}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <button
        type="button"
        className="photo-open"
        aria-label={texts.openPhoto(position, total)}
        onClick={() => onOpen(index)}
      />
      <button
        type="button"
        className="photo-pick"
        aria-pressed={picked}
        aria-label={texts.selectPhoto(position, total)}
        onClick={() => onToggle(photo.photoId)}
      >
        <span aria-hidden="true">{picked ? '✓' : ''}</span>
      </button>
    </div>
  );
}
