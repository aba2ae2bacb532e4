// @vitest-environment happy-dom
/**
 * A FAILED photo in the seller's grid: its reason in plain words and, where its original was kept, a
 * Retry button that is busy while the call runs, reports the photo the server answers (PROCESSING),
 * and shows the server's refusal when the call fails.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Photo } from '#shared/schemas/gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ServicesProvider } from '../../../lib/services';
import { sellerGalleryTexts as texts } from '../texts';
import { deferred, fakeServices } from '../../../testing/fake-services';
import { PhotoGrid } from './photo-grid';

beforeEach(() => {
  // jsdom has neither observer; columns and lazy thumbnails are not what these tests look at.
  class InertObserver {
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', InertObserver);
  vi.stubGlobal('IntersectionObserver', InertObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (fields: Partial<Photo>): Photo =>
  ({ photoId: 'p1', status: 'READY', description: 'beach.jpg', ...fields }) as Photo;

const processingFailed = photo({ status: 'FAILED', failureReason: sellerToolErrors.processingFailed });

function renderGrid(photos: Photo[], retryPhoto: ApiClient['retryPhoto'] = vi.fn(), onRetried = vi.fn()) {
  render(
    <ServicesProvider services={fakeServices({ retryPhoto })}>
      <PhotoGrid
        galleryId="g1"
        photos={photos}
        selected={new Set()}
        onToggle={vi.fn()}
        onView={vi.fn()}
        onRetried={onRetried}
      />
    </ServicesProvider>,
  );
  return onRetried;
}

it('says why the processing failed, and retries the photo with the keyboard', async () => {
  const call = deferred<Photo>();
  const retryPhoto = vi.fn(() => call.promise);
  const onRetried = renderGrid([processingFailed], retryPhoto);
  expect(screen.getByRole('alert').textContent).toBe(`beach.jpg: ${sellerToolErrors.processingFailed}`);
  const button = screen.getByRole('button', { name: texts.retryPhotoLabel('beach.jpg') });
  expect(button.textContent).toBe('Retry');
  // Reached with Tab (after its checkbox: a failed photo can be selected for deletion) and pressed
  // with Enter, as a keyboard user does.
  await userEvent.tab();
  expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: texts.selectPhoto('beach.jpg') }));
  await userEvent.tab();
  expect(document.activeElement).toBe(button);
  await userEvent.keyboard('{Enter}');
  expect(retryPhoto).toHaveBeenCalledWith({ galleryId: 'g1', photoId: 'p1' });
  expect(button).toHaveProperty('disabled', true);
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(button.textContent).toBe(texts.retryingPhoto);
  const processing = photo({ status: 'PROCESSING' });
  call.resolve(processing);
  await waitFor(() => expect(onRetried).toHaveBeenCalledWith(processing));
  expect(button).toHaveProperty('disabled', false);
});

it('shows the refusal and lets the seller try again', async () => {
  const retryPhoto = vi
    .fn<ApiClient['retryPhoto']>()
    .mockRejectedValueOnce(new ApiError(sellerToolErrors.photoNotFailed, 409, 'Conflict'));
  const onRetried = renderGrid([processingFailed], retryPhoto);
  fireEvent.click(screen.getByRole('button', { name: texts.retryPhotoLabel('beach.jpg') }));
  await waitFor(() =>
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      sellerToolErrors.photoNotFailed,
    ),
  );
  expect(onRetried).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: texts.retryPhotoLabel('beach.jpg') })).toHaveProperty(
    'disabled',
    false,
  );
});

it('offers no retry for a file that was not an image (it was not kept), nor for other photos', () => {
  renderGrid([
    photo({ photoId: 'p1', status: 'FAILED', failureReason: sellerToolErrors.notAnImage }),
    photo({ photoId: 'p2', status: 'FAILED', description: 'old.jpg' }),
    photo({ photoId: 'p3', status: 'PROCESSING' }),
    photo({ photoId: 'p4', status: 'READY', thumbnailUrl: 'https://example.test/t.jpg' }),
  ]);
  expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
    texts.notAnImage('beach.jpg'),
    texts.notAnImage('old.jpg'),
  ]);
});
