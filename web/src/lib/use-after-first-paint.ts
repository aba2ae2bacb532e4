/**
 * False for a component's first render, true once the browser has painted it: what lets a long page draw
 * its first screen (the largest paint) before the rest of it is rendered, a transition the browser may
 * interrupt. Not for anything a reader needs at once: what it holds back comes a frame later.
 */
import { startTransition, useEffect, useState } from 'react';

export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before that paint; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
