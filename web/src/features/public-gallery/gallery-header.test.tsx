// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SELLER_LOGO_BOX } from '../../components/seller-brand';
import { sellerBrandTexts } from '../../components/seller-brand-texts';
import { GalleryHeader } from './gallery-header';
import { galleryPhoto, testGallery } from './test-gallery';

afterEach(cleanup);

const LOGO = 'https://shutterlane.test/api/logos/logo_abcdefgh';

describe("the public gallery header's seller brand", () => {
  it("shows the seller's logo, sized before it loads, and business name", () => {
    const seller = { businessName: 'Harbour Photo Co', logoUrl: LOGO };
    render(<GalleryHeader view={testGallery({ seller, cover: galleryPhoto(1) })} />);
    const logo = screen.getByRole('img', { name: 'Harbour Photo Co' });
    expect(logo.getAttribute('src')).toBe(LOGO);
    expect(logo.getAttribute('width')).toBe(String(SELLER_LOGO_BOX.width));
    expect(logo.getAttribute('height')).toBe(String(SELLER_LOGO_BOX.height));
    expect(screen.getByText('Harbour Photo Co')).toBeTruthy();
    // The studio line heads the header, before the cover and the title, and is no heading itself.
    const brand = screen.getByTestId('seller-brand');
    const header = brand.closest('header')!;
    expect(header.firstElementChild).toBe(brand);
    expect(brand.className).toContain('seller-brand-line');
    const heading = screen.getByRole('heading', { level: 1, name: 'Sailing regatta' });
    const cover = header.querySelector('img.public-cover')!;
    for (const after of [cover, heading])
      expect(brand.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('heading')).toEqual([heading]);
  });

  it('leaves out a logo that fails to load, keeping the business name', () => {
    render(
      <GalleryHeader view={testGallery({ seller: { businessName: 'Harbour Photo Co', logoUrl: LOGO } })} />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Harbour Photo Co' }));
    expect(screen.queryByRole('img', { name: 'Harbour Photo Co' })).toBeNull();
    expect(screen.getByText('Harbour Photo Co')).toBeTruthy();
  });

  it("keeps the line's place when its only logo fails to load, so the cover under it does not move", () => {
    render(<GalleryHeader view={testGallery({ seller: { logoUrl: LOGO } })} />);
    fireEvent.error(screen.getByRole('img', { name: sellerBrandTexts.logoAlt }));
    expect(screen.queryByRole('img', { name: sellerBrandTexts.logoAlt })).toBeNull();
    expect(screen.getByTestId('seller-brand').childElementCount).toBe(0);
  });

  it('names a logo without a business name in its own words, and a name without a logo alone', () => {
    const { unmount } = render(<GalleryHeader view={testGallery({ seller: { logoUrl: LOGO } })} />);
    expect(screen.getByRole('img', { name: sellerBrandTexts.logoAlt }).getAttribute('src')).toBe(LOGO);
    unmount();

    render(<GalleryHeader view={testGallery({ seller: { businessName: 'Harbour Photo Co' } })} />);
    expect(screen.getByText('Harbour Photo Co')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows nothing of the seller when they set neither', () => {
    render(<GalleryHeader view={testGallery({ seller: { businessName: '  ' } })} />);
    expect(screen.queryByTestId('seller-brand')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
