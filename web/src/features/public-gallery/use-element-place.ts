/**
 * Where a windowed grid sits: its content width (the masonry's columns) and its top in the document
 * (the window virtualizer's scroll margin). Read before the first paint and again whenever either may
 * have changed: the grid's own size (a turned phone) or the document's (a panel opened above the
 * grid, the cover's image loaded, a page of photos appended). A hidden grid (width 0) keeps what it
 * had, so it lays out as it was when shown again.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ElementPlace {
  width: number;
  /** The element's top, from the top of the document. */
  top: number;
}

export function useElementPlace(ref: RefObject<HTMLElement | null>, fallbackWidth: number): ElementPlace {
  const [place, setPlace] = useState<ElementPlace>({ width: fallbackWidth, top: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      if (element.clientWidth === 0) return;
      const next = { width: element.clientWidth, top: element.getBoundingClientRect().top + window.scrollY };
      setPlace((was) => (was.width === next.width && was.top === next.top ? was : next));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, [ref]);
  return place;
}
