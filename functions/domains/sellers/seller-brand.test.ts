/**
 * Unit test of the seller's brand as customers see it: what the record gives, and the warm function's
 * cache (one read per seller within BRAND_CACHE_MS, a fresh one after it, bounded in size).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserBrand } from './seller-brand-store';
import { BRAND_CACHE_ENTRIES, cachedSellerBrand, forgetSellerBrands, sellerBrand } from './seller-brand';

vi.mock('./seller-brand-store', () => ({ getUserBrand: vi.fn() }));
const read = vi.mocked(getUserBrand);
/** The default the deployed functions run with (functions/lib/env.ts). */
const BRAND_CACHE_MS = 60_000;
const logo = (logoId: string) => ({ logoId, width: 800, height: 400 });

beforeEach(() => {
  forgetSellerBrands();
  read.mockReset();
});

describe('sellerBrand', () => {
  it('gives the business name and the logo address, absolute with an origin', () => {
    expect(sellerBrand({ businessName: 'Harbour Light', logo: logo('abc') }, 'https://x.test/')).toEqual({
      businessName: 'Harbour Light',
      logoUrl: 'https://x.test/api/logos/abc',
    });
    expect(sellerBrand(undefined)).toEqual({});
  });
});

describe('cachedSellerBrand', () => {
  it('reads a seller once within the cache time, and again after it', async () => {
    read
      .mockResolvedValueOnce({ businessName: 'Old name' })
      .mockResolvedValueOnce({ businessName: 'New name' });
    const t0 = 1_000_000;
    expect(await cachedSellerBrand('s1', t0)).toEqual({ businessName: 'Old name' });
    expect(await cachedSellerBrand('s1', t0 + BRAND_CACHE_MS - 1)).toEqual({ businessName: 'Old name' });
    expect(read).toHaveBeenCalledTimes(1);
    expect(await cachedSellerBrand('s1', t0 + BRAND_CACHE_MS)).toEqual({ businessName: 'New name' });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps each seller apart, and a seller with no record has no brand', async () => {
    read.mockImplementation(async (id) => (id === 'named' ? { businessName: 'Named' } : undefined));
    expect(await cachedSellerBrand('named')).toEqual({ businessName: 'Named' });
    expect(await cachedSellerBrand('gone')).toEqual({});
  });

  it('forgets the oldest seller beyond its size', async () => {
    read.mockImplementation(async (id) => ({ businessName: id }));
    for (let i = 0; i <= BRAND_CACHE_ENTRIES; i++) await cachedSellerBrand(`s${i}`, 0);
    expect(read).toHaveBeenCalledTimes(BRAND_CACHE_ENTRIES + 1);
    await cachedSellerBrand(`s${BRAND_CACHE_ENTRIES}`, 0);
    expect(read).toHaveBeenCalledTimes(BRAND_CACHE_ENTRIES + 1);
    await cachedSellerBrand('s0', 0);
    expect(read).toHaveBeenCalledTimes(BRAND_CACHE_ENTRIES + 2);
  });
});
