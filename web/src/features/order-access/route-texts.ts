/**
 * The order page's own text before its steps have loaded, apart from texts.ts (which spreads it in) so that
 * the page's first chunk carries this one line rather than every step's texts.
 */
export const orderRouteTexts = {
  checkingOrder: 'Checking your order…', // ours
} as const;
