/**
 * A horizontal scroller of cards with left and right buttons moving it 320 px (smoothly, unless the
 * visitor prefers reduced motion); each button is disabled at its end. The list itself is focusable so
 * keyboard users can also scroll it with the arrow keys.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CARD_SCROLL_STEP_PX } from '#shared/rules/constants';
import { prefersReducedMotionQuery, useMediaQuery } from '../../lib/use-media-query';
import { businessTypeTexts as texts } from './texts';
import { scrollEdges } from './scroll-edges';

export function CardScroller({ label, children }: { label: string; children: ReactNode }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const reducedMotion = useMediaQuery(prefersReducedMotionQuery);

  const updateEdges = useCallback(() => {
    if (listRef.current) setEdges(scrollEdges(listRef.current));
  }, []);

  useEffect(() => {
    updateEdges();
    window.addEventListener('resize', updateEdges);
    return () => window.removeEventListener('resize', updateEdges);
  }, [updateEdges, children]);

  const scroll = (direction: 1 | -1) =>
    listRef.current?.scrollBy({
      left: direction * CARD_SCROLL_STEP_PX,
      behavior: reducedMotion ? 'auto' : 'smooth',
    });

  return (
    <div className="card-scroller">
      {/* React's onScroll sits on the element from its creation, so a scroll is never missed while the
          effects of a render that arrived in a transition are still pending. */}
      <ul
        ref={listRef}
        className="card-scroller-list"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so keyboard users can scroll it with the arrow keys (WCAG 2.1.1, axe's scrollable-region-focusable)
        tabIndex={0}
        onScroll={updateEdges}
      >
        {children}
      </ul>
      <div className="card-scroller-buttons">
        <button
          type="button"
          className="card-scroller-button"
          aria-label={texts.scrollLeft}
          disabled={edges.atStart}
          onClick={() => scroll(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="card-scroller-button"
          aria-label={texts.scrollRight}
          disabled={edges.atEnd}
          onClick={() => scroll(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
