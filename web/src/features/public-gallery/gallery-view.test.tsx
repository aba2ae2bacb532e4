// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import type { ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { deferred, fakeServices } from '../../testing/fake-services';
import { GalleryView } from './gallery-view';
import { describeSelfie } from './selfie-descriptor';
import { testGallery } from './test-gallery';
import { publicGalleryTexts as texts } from './texts';
import { selectionKey } from './use-selection';

vi.mock('./selfie-descriptor', () => ({ describeSelfie: vi.fn() }));
const describeMock = vi.mocked(describeSelfie);

// jsdom lays nothing out: the album measures its container as a 375 px phone's (3 columns).
beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 375 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  // Back to Element.prototype's own getter.
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

function renderView(view: PublicGalleryView, api: Partial<ApiClient> = {}) {
  return render(
    <ServicesProvider services={fakeServices(api)}>
      <GalleryView view={view} pin={undefined} />
    </ServicesProvider>,
  );
}

const pick = (n: number) => screen.getByRole('button', { name: texts.selectPhoto(n, 10) });

describe('picking photos', () => {
  it('keeps the pick across a reload, by gallery', () => {
    const first = renderView(testGallery());
    fireEvent.click(pick(1));
    fireEvent.click(pick(3));
    expect(pick(1).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(texts.selected(2))).toBeTruthy();
    first.unmount();

    renderView(testGallery());
    expect(pick(1).getAttribute('aria-pressed')).toBe('true');
    expect(pick(2).getAttribute('aria-pressed')).toBe('false');
    expect(pick(3).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('selection-total').textContent).toBe('£9.00');
    expect(JSON.parse(localStorage.getItem(selectionKey('pub_regatta')) ?? '')).toEqual([
      'photo_0000',
      'photo_0002',
    ]);
  });

  it('drops photos the gallery no longer has', () => {
    localStorage.setItem(selectionKey('pub_regatta'), JSON.stringify(['photo_0001', 'photo_gone1', 7]));
    renderView(testGallery());
    expect(screen.getByText(texts.selected(1))).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(selectionKey('pub_regatta')) ?? '')).toEqual(['photo_0001']);
  });

  it('loads the first row at once and the rest lazily, each image sized', () => {
    renderView(testGallery());
    // The album writes its columns one after the other; the top row is the gallery's first 3 photos.
    const images = screen.getAllByRole('img');
    const eager = images.filter((image) => image.getAttribute('loading') === 'eager');
    expect(images.filter((image) => image.getAttribute('loading') === 'lazy')).toHaveLength(7);
    expect(eager.map((image) => image.getAttribute('alt')).sort()).toEqual(
      [1, 2, 3].map((n) => texts.photoAlt(n, 10)),
    );
    for (const image of images) {
      expect(image.getAttribute('decoding')).toBe('async');
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      expect(image.getAttribute('sizes')).toBeTruthy();
    }
  });
});

describe('the viewer', () => {
  it("opens on a photo's watermarked full preview, loaded when first wanted", async () => {
    renderView(testGallery());
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: texts.openPhoto(2, 10) }));
    const viewer = await screen.findByRole('dialog');
    const shown = [...viewer.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(shown).toContain('https://cdn.test/previews/pub_regatta/photo_0001/full');
  });
});

describe('Find my photos', () => {
  const selfie = new File(['selfie'], 'me.jpg', { type: 'image/jpeg' });
  const faceGallery = () => testGallery({ faceSearch: true });

  async function searchWithSelfie() {
    fireEvent.click(screen.getByRole('button', { name: texts.findMyPhotos }));
    const panel = screen.getByTestId('find-my-photos-panel');
    expect(panel.textContent).toContain(texts.findExplanation);
    const input = screen.getByLabelText(texts.selfie);
    expect(input).toHaveProperty('disabled', true);
    expect(input.getAttribute('capture')).toBe('user');
    fireEvent.click(screen.getByRole('checkbox', { name: texts.agree }));
    expect(input).toHaveProperty('disabled', false);
    fireEvent.change(input, { target: { files: [selfie] } });
  }

  it('is offered only where the seller switched it on', () => {
    renderView(testGallery());
    expect(screen.queryByRole('button', { name: texts.findMyPhotos })).toBeNull();
  });

  it('sends only the descriptor and shows the matches first, until Show all photos', async () => {
    const descriptor = deferred<Float32Array>();
    describeMock.mockReturnValue(descriptor.promise);
    const publicGallerySearch = vi.fn(async () => ({
      photoIds: ['photo_0004', 'photo_0002', 'photo_gone1'],
    }));
    renderView(faceGallery(), { publicGallerySearch });
    await searchWithSelfie();

    expect(await screen.findByText(texts.lookingForFace)).toBeTruthy();
    expect(describeMock).toHaveBeenCalledWith(selfie);
    await act(async () => descriptor.resolve(new Float32Array(128).fill(0.25)));

    expect((await screen.findByTestId('face-search-found')).textContent).toBe(texts.found(2));
    expect(publicGallerySearch).toHaveBeenCalledWith(
      { publicId: 'pub_regatta' },
      { descriptor: Array.from({ length: 128 }, () => 0.25) },
    );
    // Only the matches, closest first: the grid's photo 1 is the gallery's photo_0004.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      expect.stringContaining('photo_0004'),
      expect.stringContaining('photo_0002'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: texts.selectPhoto(1, 2) }));
    fireEvent.click(screen.getByRole('button', { name: texts.showAll }));
    expect(screen.getAllByRole('img')).toHaveLength(10);
    expect(pick(5).getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    ['no-face' as const, texts.noFace],
    ['many-faces' as const, texts.manyFaces],
  ])('says so when the selfie has %s, without searching', async (outcome, message) => {
    describeMock.mockResolvedValue(outcome);
    const publicGallerySearch = vi.fn();
    renderView(faceGallery(), { publicGallerySearch });
    await searchWithSelfie();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(publicGallerySearch).not.toHaveBeenCalled();
  });

  it('says so when no photo matches, and keeps every photo shown', async () => {
    describeMock.mockResolvedValue(new Float32Array(128));
    renderView(faceGallery(), { publicGallerySearch: async () => ({ photoIds: [] }) });
    await searchWithSelfie();
    expect((await screen.findByTestId('face-search-no-match')).textContent).toBe(texts.noMatch);
    expect(screen.getAllByRole('img')).toHaveLength(10);
  });
});
