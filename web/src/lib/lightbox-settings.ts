/**
 * The full-screen viewers' settings (public document, sections 2 and 9), shared by the order gallery
 * and the public gallery so both behave alike: fade 250 ms, swipe 500 ms, 2 slides preloaded each
 * side, 30% spacing, 16 px padding, images contained. Plain values: importing this module does not
 * pull the lightbox library in (each viewer loads it lazily).
 */
import { LIGHTBOX } from '#shared/rules/constants';

export const LIGHTBOX_SETTINGS = {
  animation: { fade: LIGHTBOX.fadeMs, swipe: LIGHTBOX.swipeMs },
  carousel: {
    preload: LIGHTBOX.preload,
    spacing: LIGHTBOX.spacing,
    padding: `${LIGHTBOX.paddingPx}px`,
    imageFit: 'contain',
  },
  controller: { closeOnPullDown: true, closeOnPullUp: true, closeOnBackdropClick: false },
} as const;
