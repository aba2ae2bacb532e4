/** Texts of the seller's brand as customers see it; ours. */
export const sellerBrandTexts = {
  /** The logo's alternative text when the seller set no business name to use. */
  logoAlt: "The seller's logo",
} as const;
