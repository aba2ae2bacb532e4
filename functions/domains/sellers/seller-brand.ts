/**
 * The seller as customers see them: the business name and the logo's address, for the
 * public gallery, the order pages and the confirmation email. Nothing until the seller sets them.
 */
import { API_BASE } from '#shared/contract/route-paths';
import { buildPath, routes } from '#shared/contract/routes';
import type { SellerBrand } from '#shared/schemas/branding';
import { sellerBrandEnv } from '../../lib/env';
import { type UserRecord } from './seller-store';
import { getUserBrand } from './seller-brand-store';

/** The logo's address on our origin: a redirect to the stored PNG (ids are new per upload, so it never changes). */
export const logoPath = (logoId: string): string =>
  `${API_BASE}${buildPath(routes.sellerLogo.path, { logoId })}`;

/** `origin` makes the logo's address absolute, for an email read anywhere. */
export function sellerBrand(
  seller: Pick<UserRecord, 'businessName' | 'logo'> | undefined,
  origin = '',
): SellerBrand {
  return {
    ...(seller?.businessName && { businessName: seller.businessName }),
    ...(seller?.logo && { logoUrl: `${origin.replace(/\/+$/, '')}${logoPath(seller.logo.logoId)}` }),
  };
}

/** Sellers kept at most, so a long-lived function's memory stays bounded. */
export const BRAND_CACHE_ENTRIES = 1000;

const brands = new Map<string, { brand: SellerBrand; until: number }>();

/**
 * The seller's brand for the customers' pages: every view of an order or a public gallery shows it, and
 * it changes rarely, so a warm function reads it once per seller every SELLER_BRAND_CACHE_SECONDS (60).
 * A new name or logo reaches customers within that time; meanwhile a replaced logo's old address
 * answers 404, and the pages show the name alone (web/src/components/seller-brand.tsx).
 */
export async function cachedSellerBrand(sellerId: string, now = Date.now()): Promise<SellerBrand> {
  const kept = brands.get(sellerId);
  if (kept && kept.until > now) return kept.brand;
  const brand = sellerBrand(await getUserBrand(sellerId));
  brands.delete(sellerId);
  if (brands.size >= BRAND_CACHE_ENTRIES) brands.delete(brands.keys().next().value!);
  brands.set(sellerId, { brand, until: now + sellerBrandEnv().SELLER_BRAND_CACHE_SECONDS * 1000 });
  return brand;
}

/** For unit tests: forgets every kept brand. */
export const forgetSellerBrands = (): void => brands.clear();
