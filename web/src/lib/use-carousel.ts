import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { CAROUSEL_ANIMATION_LOCK_MS, CAROUSEL_SWIPE_THRESHOLD_PX } from '#shared/rules/constants';

/** The slide a horizontal swipe of `distancePx` moves by: +1 (left swipe), -1 (right swipe) or 0 (too short). */
export function swipeStep(distancePx: number): 1 | -1 | 0 {
  if (Math.abs(distancePx) < CAROUSEL_SWIPE_THRESHOLD_PX) return 0;
  return distancePx < 0 ? 1 : -1;
}

/** Arrow keys typed into a field move its caret, not a carousel. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The parts of a key press the carousel reads (a DOM or a React keyboard event). */
interface ArrowKeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/**
 * Position in a looping carousel of `count` slides (used by the order summary and the home page), with
 * the moves every carousel offers: buttons (`next`, `previous`, `goTo`), arrow keys (`moveByArrowKey`,
 * wherever the carousel listens for them) and swipes of at least 50 px (`swipeHandlers`, pointer events
 * cover touch). After each move further moves are ignored for the animation lock (300 ms), so a double
 * click or a fast swipe moves one slide, not two.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const locked = useRef(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  const show = useCallback(
    (target: (current: number) => number) => {
      if (count < 2 || locked.current) return;
      locked.current = true;
      unlockTimer.current = setTimeout(() => {
        locked.current = false;
      }, CAROUSEL_ANIMATION_LOCK_MS);
      setIndex((current) => ((target(current) % count) + count) % count);
    },
    [count],
  );

  const next = useCallback(() => show((current) => current + 1), [show]);
  const previous = useCallback(() => show((current) => current - 1), [show]);
  /** Straight to a slide (the dots); ignored during the lock like the other moves. */
  const goTo = useCallback((slide: number) => show(() => slide), [show]);

  /** Left and right arrows move (not with a modifier, nor in a field); true when the key moved it. */
  const moveByArrowKey = useCallback(
    (event: ArrowKeyPress): boolean => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return false;
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
      else return false;
      return true;
    },
    [next, previous],
  );

  const swipeStartX = useRef<number | null>(null);
  const cancelSwipe = () => {
    swipeStartX.current = null;
  };
  const swipeHandlers = {
    onPointerDown: (event: PointerEvent) => {
      swipeStartX.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (swipeStartX.current === null) return;
      const step = swipeStep(event.clientX - swipeStartX.current);
      swipeStartX.current = null;
      if (step === 1) next();
      else if (step === -1) previous();
    },
    onPointerCancel: cancelSwipe,
    onPointerLeave: cancelSwipe,
  };

  return {
    index: Math.min(index, Math.max(count - 1, 0)),
    next,
    previous,
    goTo,
    moveByArrowKey,
    swipeHandlers,
  };
}
