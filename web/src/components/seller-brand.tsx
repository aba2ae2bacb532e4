/**
 * The seller's business name and logo as customers see them: on the public gallery, the
 * order steps and the order gallery. Nothing at all until the seller sets one of them.
 */
import { useState } from 'react';
import type { SellerBrand as Brand } from '#shared/schemas/branding';
import { sellerBrandTexts as texts } from './seller-brand-texts';
import './seller-brand.css';

/**
 * The logo's box, 2:1 as the stored logo's (BRANDING_LIMITS.logoBox). The image is fitted inside it, so
 * the page keeps its layout whatever the logo's own shape, and before it loads.
 */
export const SELLER_LOGO_BOX = { width: 96, height: 48 } as const;

/**
 * Whether the seller set a brand to show: a business name that is not blank, or a logo. index.html's
 * early gallery script repeats this test to leave room for the public gallery's brand line
 * (early-view.test.ts checks they agree).
 */
export const hasSellerBrand = (brand: Brand | undefined): boolean =>
  Boolean(brand?.businessName?.trim() || brand?.logoUrl);

/**
 * Stacked (the logo, the name under it) by default. As a `line` (the public gallery's studio line above
 * its cover): the logo and the name side by side, one logo box high, the name on one line; the line
 * stays, even empty, when its only logo fails to load, so the cover under it never moves.
 */
export function SellerBrand({ brand, line = false }: { brand: Brand | undefined; line?: boolean }) {
  const name = brand?.businessName?.trim();
  // A logo that does not load (replaced a moment ago: the server may still name the old one for a
  // minute) is left out rather than drawn as a broken image.
  const [failedUrl, setFailedUrl] = useState<string>();
  const logoUrl = brand?.logoUrl !== failedUrl ? brand?.logoUrl : undefined;
  if (line ? !hasSellerBrand(brand) : !name && !logoUrl) return null;
  return (
    <div className={line ? 'seller-brand seller-brand-line' : 'seller-brand'} data-testid="seller-brand">
      {logoUrl && (
        <img
          className="seller-logo"
          src={logoUrl}
          width={SELLER_LOGO_BOX.width}
          height={SELLER_LOGO_BOX.height}
          alt={name || texts.logoAlt}
          decoding="async"
          onError={() => setFailedUrl(logoUrl)}
        />
      )}
      {name && <p className="seller-name">{name}</p>}
    </div>
  );
}
