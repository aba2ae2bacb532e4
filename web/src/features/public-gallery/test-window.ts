/**
 * jsdom lays nothing out and does not scroll. For the windowed grid's tests: a 375 px phone's grid
 * (clientWidth) in a window whose vertical scroll the test moves (scrollY, a `scroll` event), and whose
 * scrollTo moves it too, as a browser's does.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export function phoneWindow() {
  const jsdomScrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
  const jsdomScrollTo = window.scrollTo;
  let y = 0;
  const moveTo = (top: number) => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
  };
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 375 });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  // As a browser: no scroll event when the position stays, and the event comes after the call.
  const scrollTo = vi.fn((to: ScrollToOptions | number, top?: number) => {
    const target = typeof to === 'number' ? (top ?? y) : (to.top ?? y);
    if (target !== y) queueMicrotask(() => act(() => moveTo(target)));
  });
  window.scrollTo = scrollTo as typeof window.scrollTo;
  return {
    scrollTo,
    /** The customer scrolls the page to `top`. */
    scroll: (top: number) => act(() => moveTo(top)),
    /** Back to jsdom's own properties. */
    restore: () => {
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
      if (jsdomScrollY) Object.defineProperty(window, 'scrollY', jsdomScrollY);
      else delete (window as { scrollY?: number }).scrollY;
      window.scrollTo = jsdomScrollTo;
    },
  };
}
