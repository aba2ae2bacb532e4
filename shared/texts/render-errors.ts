/**
 * Shown when a page fails to render or its code fails to load (public document, section 8). A module
 * of its own: the SPA's entry chunk carries it, and no other text.
 */
export const RENDER_FAILED = 'Something went wrong. Please try again later.';
