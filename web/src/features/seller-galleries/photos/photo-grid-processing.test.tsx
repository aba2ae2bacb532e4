// @vitest-environment happy-dom
/**
 * A photo still processing in the seller's grid: shown from its first thumbnail on, neither viewable nor
 * selectable until READY, and the same image element when it turns READY (so its thumbnail is loaded
 * once, not again).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Photo } from '#shared/schemas/gallery';
import { ServicesProvider } from '../../../lib/services';
import { sellerGalleryTexts as texts } from '../texts';
import { fakeServices } from '../../../testing/fake-services';
import { PhotoGrid } from './photo-grid';

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  // Every thumbnail is in view at once.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const urls = {
  thumbnailUrl: 'https://s3.test/t.jpg?sig=1',
  thumbnailWebpUrl: 'https://s3.test/t.webp?sig=1',
};
const photo = (fields: Partial<Photo>): Photo =>
  ({ photoId: 'p1', description: 'quay.jpg', ...fields }) as Photo;

const grid = (photos: Photo[]) => (
  <ServicesProvider services={fakeServices({})}>
    <PhotoGrid
      galleryId="g1"
      photos={photos}
      selected={new Set()}
      onToggle={vi.fn()}
      onView={vi.fn()}
      onRetried={vi.fn()}
    />
  </ServicesProvider>
);

it('shows a processing photo by its thumbnail, not yet viewable or selectable, then the same image once READY', () => {
  const { rerender } = render(grid([photo({ status: 'PROCESSING', ...urls })]));
  const view = screen.getByRole('button', { name: texts.viewPhoto('quay.jpg') });
  expect(view).toHaveProperty('disabled', true);
  expect(screen.getByText(texts.processing)).toBeTruthy();
  expect(screen.queryByRole('checkbox')).toBeNull();
  const image = screen.getByRole('img', { name: 'quay.jpg' });

  rerender(grid([photo({ status: 'READY', ...urls })]));
  expect(screen.getByRole('button', { name: texts.viewPhoto('quay.jpg') })).toHaveProperty('disabled', false);
  expect(screen.getByRole('img', { name: 'quay.jpg' })).toBe(image);
  expect(screen.getByRole('checkbox', { name: texts.selectPhoto('quay.jpg') })).toBeTruthy();
  expect(screen.queryByText(texts.processing)).toBeNull();
});

it('shows a processing photo without a thumbnail yet by its state alone', () => {
  render(grid([photo({ status: 'PROCESSING' })]));
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.getByText(texts.processing)).toBeTruthy();
});
