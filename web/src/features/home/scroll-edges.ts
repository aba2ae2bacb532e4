/** Whether a horizontal scroller is at its start or its end, for disabling its left and right buttons. */
export interface ScrollPosition {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** Browsers report fractional scroll positions on zoomed or high-density screens: allow one pixel. */
const TOLERANCE_PX = 1;

export function scrollEdges({ scrollLeft, scrollWidth, clientWidth }: ScrollPosition) {
  return {
    atStart: scrollLeft <= TOLERANCE_PX,
    atEnd: scrollLeft + clientWidth >= scrollWidth - TOLERANCE_PX,
  };
}

/** Mobile shows the first few cards until 'More' is pressed; the desktop scroller shows them all. */
export function visibleCards<Card>(
  cards: Card[],
  options: { desktop: boolean; expanded: boolean; limit: number },
) {
  return options.desktop || options.expanded ? cards : cards.slice(0, options.limit);
}
