import { useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_ANIMATION_LOCK_MS } from '../../../../shared/constants';

/**
 * Position in a looping carousel of `count` slides. After each move further moves are ignored for the
 * animation lock (300 ms), so a double click or a fast swipe moves one slide, not two.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const locked = useRef(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  const move = useCallback(
    (delta: 1 | -1) => {
      if (count < 2 || locked.current) return;
      locked.current = true;
      unlockTimer.current = setTimeout(() => {
        locked.current = false;
      }, CAROUSEL_ANIMATION_LOCK_MS);
      setIndex((current) => (current + delta + count) % count);
    },
    [count],
  );

  const next = useCallback(() => move(1), [move]);
  const previous = useCallback(() => move(-1), [move]);

  return { index: Math.min(index, Math.max(count - 1, 0)), next, previous };
}
