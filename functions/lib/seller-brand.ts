/**
 * The seller as customers see them (issue 16): the business name and the logo's address, for the
 * public gallery, the order pages and the confirmation email. Nothing until the seller sets them.
 */
import { API_BASE } from '#shared/route-paths';
import { buildPath, routes } from '#shared/routes';
import type { SellerBrand } from '#shared/schemas/branding';
import type { UserRecord } from './repositories/users';

/** The logo's address on our origin: a redirect to the stored PNG (ids are new per upload, so it never changes). */
export const logoPath = (logoId: string): string =>
  `${API_BASE}${buildPath(routes.sellerLogo.path, { logoId })}`;

/** `origin` makes the logo's address absolute, for an email read anywhere. */
export function sellerBrand(seller: UserRecord | undefined, origin = ''): SellerBrand {
  return {
    ...(seller?.businessName && { businessName: seller.businessName }),
    ...(seller?.logo && { logoUrl: `${origin.replace(/\/+$/, '')}${logoPath(seller.logo.logoId)}` }),
  };
}
