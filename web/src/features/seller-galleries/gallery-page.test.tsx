// @vitest-environment happy-dom
/**
 * The gallery page when the gallery cannot be read: offline (no answer), it still shows the upload
 * queue under the gallery's last known name, with the photos waiting for the network; a real error
 * (the gallery is gone) shows the error as before, with no queue.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { sellerGalleryTexts as texts } from './texts';
import { uploadTexts } from './upload/upload-texts';
import { fakeServices } from '../../testing/fake-services';
import { GalleryPage } from './gallery-page';
import { keepGalleryList, keptGallery } from './upload/kept-gallery';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage(getGallery: () => Promise<never>) {
  render(
    <ServicesProvider services={fakeServices({ getGallery: vi.fn(getGallery) })}>
      <MemoryRouter initialEntries={['/galleries/g1']}>
        <Routes>
          <Route path="/galleries/:galleryId" element={<GalleryPage />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

const noAnswer = () => Promise.reject(new ApiError('Network error', 0, ''));

it('shows the upload queue and an offline state for the photos when the gallery gets no answer', async () => {
  renderPage(noAnswer);
  await screen.findByText(texts.offlinePhotos);
  expect(screen.getByRole('heading', { level: 1, name: texts.offlineGalleryTitle })).toBeTruthy();
  expect(screen.getByLabelText(uploadTexts.upload, { selector: 'input' })).toBeTruthy();
});

it('names the gallery as it was last loaded on this device', async () => {
  window.localStorage.setItem(
    'shutterlane.gallery.g1',
    JSON.stringify({ albumName: 'Harbour', photoCount: 3 }),
  );
  expect(keptGallery('g1')).toEqual({ albumName: 'Harbour', photoCount: 3 });
  renderPage(noAnswer);
  await screen.findByText(texts.offlinePhotos);
  expect(screen.getByRole('heading', { level: 1, name: 'Harbour' })).toBeTruthy();
  expect(screen.getByText(texts.photoCount(3))).toBeTruthy();
});

it('names a gallery never opened on this device as the kept galleries list showed it', async () => {
  keepGalleryList([
    { galleryId: 'g1', albumName: 'Quay', photoCount: 2, createdAt: '2026-11-01T10:00:00.000Z' },
  ]);
  renderPage(noAnswer);
  await screen.findByText(texts.offlinePhotos);
  expect(screen.getByRole('heading', { level: 1, name: 'Quay' })).toBeTruthy();
});

it('shows a real error as before, without the queue', async () => {
  renderPage(() => Promise.reject(new ApiError('Gallery not found', 404, 'Not Found')));
  await screen.findByText('Gallery not found');
  expect(screen.queryByText(texts.offlinePhotos)).toBeNull();
  expect(screen.queryByLabelText(uploadTexts.upload, { selector: 'input' })).toBeNull();
});
