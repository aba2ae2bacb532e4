/**
 * The masonry grids' layout (public document, section 9): the order gallery's and the public gallery's
 * photos share its breakpoints and the grid's width for the images' `sizes`.
 */
import { MASONRY } from '#shared/rules/constants';

/**
 * The grid's width in CSS, for the images' `sizes` (the browser picks a `srcset` candidate before
 * layout): the gallery's main column, `--width-full` (80rem) at most, less its 1rem padding each side
 * (app/styles.css .site-main, app/tokens.css). The album divides it by the columns and gaps.
 */
export const GRID_WIDTH_CSS = 'calc(min(100vw, 80rem) - 2rem)';

/** Masonry breakpoints of section 9, widest first: columns and spacing for a container width. */
function breakpointFor(containerWidth: number) {
  return (
    MASONRY.breakpoints.find((breakpoint) => containerWidth >= breakpoint.minWidth) ??
    MASONRY.breakpoints[MASONRY.breakpoints.length - 1]!
  );
}
export const masonryColumns = (containerWidth: number): number => breakpointFor(containerWidth).columns;
export const masonrySpacing = (containerWidth: number): number => breakpointFor(containerWidth).spacing;
