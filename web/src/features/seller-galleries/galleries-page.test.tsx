// @vitest-environment happy-dom
/**
 * The galleries page, the installed app's start page: the list it loads is kept on the device, and
 * opened offline (no answer) it shows the galleries this device last saw, each leading to its upload
 * queue; a real error shows the error, not the kept list.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { RouteResponse } from '#shared/contract/routes';
import { ApiError } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { sellerGalleryTexts as texts } from './texts';
import { fakeServices } from '../../testing/fake-services';
import { GalleriesPage } from './galleries-page';
import { keepGalleryList, keptGalleryList } from './upload/kept-gallery';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const harbour = {
  galleryId: 'g1',
  albumName: 'Harbour',
  photoCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function renderPage(listGalleries: () => Promise<RouteResponse<'listGalleries'>>) {
  render(
    <ServicesProvider services={fakeServices({ listGalleries: vi.fn(listGalleries) })}>
      <MemoryRouter initialEntries={['/galleries']}>
        <GalleriesPage />
      </MemoryRouter>
    </ServicesProvider>,
  );
}

it('keeps the list it loads on the device', async () => {
  renderPage(async () => ({ galleries: [harbour] }));
  await screen.findByRole('link', { name: /Harbour/ });
  await vi.waitFor(() => expect(keptGalleryList()).toEqual([harbour]));
});

it('offline, shows the galleries this device last saw, each a link to its page', async () => {
  keepGalleryList([harbour]);
  renderPage(() => Promise.reject(new ApiError('Network error', 0, '')));
  await screen.findByText(texts.offlineGalleries);
  expect(screen.getByRole('link', { name: /Harbour/ }).getAttribute('href')).toBe('/galleries/g1');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows a real error as before, without the kept list', async () => {
  keepGalleryList([harbour]);
  renderPage(() => Promise.reject(new ApiError('Server error', 500, 'Internal Server Error')));
  await screen.findByText(/Internal Server Error/);
  expect(screen.queryByText(texts.offlineGalleries)).toBeNull();
  expect(screen.queryByRole('link', { name: /Harbour/ })).toBeNull();
});
