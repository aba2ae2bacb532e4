// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import type { ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { deferred, fakeServices } from '../../testing/fake-services';
import { GalleryView } from './gallery-view';
import { describeSelfie } from '../../lib/faces/selfie-descriptor';
import { galleryPhoto, pagedGallery, testGallery } from './test-gallery';
import { phoneWindow } from './test-window';
import { publicGalleryTexts as texts } from './texts';
import { selectionKey } from './use-selection';

vi.mock('../../lib/faces/selfie-descriptor', () => ({ describeSelfie: vi.fn() }));
const describeMock = vi.mocked(describeSelfie);

// jsdom lays nothing out: the grid measures itself as a 375 px phone's (3 columns, each photo 89 px
// tall with a 10 px gap: about 8 rows in jsdom's 768 px window).
let phone: ReturnType<typeof phoneWindow>;
beforeEach(() => {
  localStorage.clear();
  phone = phoneWindow();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  phone.restore();
});

function renderView(view: PublicGalleryView, api: Partial<ApiClient> = {}) {
  return render(
    <ServicesProvider services={fakeServices(api)}>
      <GalleryView view={view} pin={undefined} />
    </ServicesProvider>,
  );
}

const pick = (n: number, of = 10) => screen.getByRole('button', { name: texts.selectPhoto(n, of) });
const shownPositions = () =>
  within(screen.getByRole('region', { name: texts.gridLabel }))
    .getAllByRole('listitem')
    .map((item) => Number(item.getAttribute('aria-posinset')));

/** A gallery of 300 photos, 100 a page, whose next pages the test hands over when it wants. */
function galleryOf300(fields: Partial<PublicGalleryView> = {}) {
  const { view, nextPage } = pagedGallery(300, 100, fields);
  const asked: ReturnType<typeof deferred<void>>[] = [];
  const publicGalleryPhotos = vi.fn(async (params: { publicId: string }, body: { cursor: string }) => {
    const answer = deferred<void>();
    asked.push(answer);
    await answer.promise;
    return nextPage(params, body);
  });
  /** Answers the page asked for last. */
  const answerPage = () => act(async () => asked.at(-1)!.resolve());
  return { view, publicGalleryPhotos, answerPage };
}

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

  it('drops photos the gallery no longer has, once every page is loaded', () => {
    localStorage.setItem(selectionKey('pub_regatta'), JSON.stringify(['photo_0001', 'photo_gone1', 7]));
    renderView(testGallery());
    expect(screen.getByText(texts.selected(1))).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(selectionKey('pub_regatta')) ?? '')).toEqual(['photo_0001']);
  });

  it('picks photos of different pages, and keeps a photo of a page not loaded yet across a reload', async () => {
    const { view, publicGalleryPhotos, answerPage } = galleryOf300();
    const first = renderView(view, { publicGalleryPhotos });
    fireEvent.click(pick(2, 300));
    phone.scroll(2000);
    await answerPage();
    phone.scroll(4500); // photos 130 to 170 or so: on the second page
    fireEvent.click(pick(150, 300));
    expect(screen.getByText(texts.selected(2))).toBeTruthy();
    // Priced against the whole gallery's 300 photos, not the loaded ones.
    expect(screen.getByTestId('selection-total').textContent).toBe('£9.00');
    first.unmount();

    phone.scroll(0);
    renderView(view, { publicGalleryPhotos });
    expect(screen.getByText(texts.selected(2))).toBeTruthy();
    expect(pick(2, 300).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(selectionKey('pub_regatta')) ?? '')).toEqual([
      'photo_0001',
      'photo_0149',
    ]);
  });
});

describe('the windowed grid', () => {
  it('holds only the photos near the viewport, in order, each told as one of the whole gallery', () => {
    const { view, publicGalleryPhotos } = galleryOf300();
    renderView(view, { publicGalleryPhotos });
    const first = shownPositions();
    expect(first[0]).toBe(1);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(first.length).toBeGreaterThan(20);
    expect(first.length).toBeLessThan(60);
    const grid = screen.getByRole('region', { name: texts.gridLabel });
    for (const item of within(grid).getAllByRole('listitem'))
      expect(item.getAttribute('aria-setsize')).toBe('300');
    expect(screen.getByRole('button', { name: texts.openPhoto(1, 300) })).toBeTruthy();
    // The header says how many photos the gallery has, loaded or not.
    expect(screen.getByRole('banner').textContent).toContain(texts.photoCount(300));

    phone.scroll(800);
    const later = shownPositions();
    expect(later[0]).toBeGreaterThan(5);
    expect(later.length).toBeLessThan(70);
    expect(screen.queryByRole('button', { name: texts.openPhoto(1, 300) })).toBeNull();
    expect(publicGalleryPhotos).not.toHaveBeenCalled();
  });

  it('loads the top row at once and the rest lazily, each image sized', () => {
    renderView(testGallery());
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(
      Array.from({ length: 10 }, (_, i) => texts.photoAlt(i + 1, 10)),
    );
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      ...Array<string>(3).fill('eager'),
      ...Array<string>(7).fill('lazy'),
    ]);
    for (const image of images) {
      expect(image.getAttribute('decoding')).toBe('async');
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
    }
  });

  it('loads the next page, one at a time, as the customer scrolls near the end of the loaded photos', async () => {
    const { view, publicGalleryPhotos, answerPage } = galleryOf300();
    renderView(view, { publicGalleryPhotos });
    phone.scroll(2000);
    expect(publicGalleryPhotos).toHaveBeenCalledTimes(1);
    expect(publicGalleryPhotos).toHaveBeenLastCalledWith({ publicId: 'pub_regatta' }, { cursor: 'page-2' });
    expect(screen.getByText(texts.loadingMore)).toBeTruthy();
    phone.scroll(2500);
    expect(publicGalleryPhotos).toHaveBeenCalledTimes(1);

    await answerPage();
    expect(screen.queryByText(texts.loadingMore)).toBeNull();
    phone.scroll(5000);
    expect(shownPositions()).toContain(150);
    // The second page's end comes near: the third page, with the second's cursor.
    phone.scroll(5500);
    expect(publicGalleryPhotos).toHaveBeenLastCalledWith({ publicId: 'pub_regatta' }, { cursor: 'page-3' });
    await answerPage();
    phone.scroll(99_999);
    expect(shownPositions().at(-1)).toBe(300);
    expect(publicGalleryPhotos).toHaveBeenCalledTimes(2);
  });

  it('says when a page could not be loaded, and loads it again on Try again', async () => {
    const { view, nextPage } = pagedGallery(300, 100);
    const publicGalleryPhotos = vi
      .fn<ApiClient['publicGalleryPhotos']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(nextPage);
    renderView(view, { publicGalleryPhotos });
    phone.scroll(2000);
    expect((await screen.findByRole('alert')).textContent).toBe(texts.pageFailed);
    // A failed page waits for the customer: scrolling does not ask again.
    phone.scroll(2100);
    expect(publicGalleryPhotos).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: texts.tryAgain }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(publicGalleryPhotos).toHaveBeenLastCalledWith({ publicId: 'pub_regatta' }, { cursor: 'page-2' });
    phone.scroll(5000);
    expect(shownPositions()).toContain(150);
  });

  it('says there are no photos only when the gallery has none', () => {
    const empty = renderView(testGallery({ totalPhotos: 0, photos: [] }));
    expect(screen.getByText(texts.noPhotos)).toBeTruthy();
    empty.unmount();
    renderView(testGallery());
    expect(screen.queryByText(texts.noPhotos)).toBeNull();
  });
});

describe('the viewer', () => {
  it("opens on a photo's watermarked full preview, loaded when first wanted", async () => {
    renderView(testGallery());
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: texts.openPhoto(2, 10) }));
    const viewer = await screen.findByRole('dialog');
    const shown = [...viewer.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(shown).toContain(galleryPhoto(1).fullUrl);
  });

  it('goes on from the last loaded photo to the next page once it has loaded', async () => {
    const { view, publicGalleryPhotos, answerPage } = galleryOf300();
    renderView(view, { publicGalleryPhotos });
    phone.scroll(2700);
    fireEvent.click(screen.getByRole('button', { name: texts.openPhoto(100, 300) }));
    const viewer = await screen.findByRole('dialog');
    expect(publicGalleryPhotos).toHaveBeenCalledTimes(1);
    // Nothing after the last loaded photo yet (and no wrapping round to the first).
    const next = () => within(viewer).queryByRole('button', { name: texts.viewer.Next });
    expect(next()?.hasAttribute('disabled') ?? true).toBe(true);
    await answerPage();
    fireEvent.click(next()!);
    await vi.waitFor(() =>
      expect([...viewer.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toContain(
        texts.photoAlt(102, 300),
      ),
    );
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

  it('sends only the descriptor and shows the matches, closest first, until Show all photos', async () => {
    const descriptor = deferred<Float32Array>();
    describeMock.mockReturnValue(descriptor.promise);
    const publicGallerySearch = vi.fn(async () => ({ photos: [4, 2].map(galleryPhoto) }));
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
      galleryPhoto(4).gridUrl,
      galleryPhoto(2).gridUrl,
    ]);
    fireEvent.click(screen.getByRole('button', { name: texts.selectPhoto(1, 2) }));
    fireEvent.click(screen.getByRole('button', { name: texts.showAll }));
    expect(screen.getAllByRole('img')).toHaveLength(10);
    expect(pick(5).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows matches from pages not loaded yet, and Show all photos goes back to where the customer was', async () => {
    describeMock.mockResolvedValue(new Float32Array(128));
    const { view, publicGalleryPhotos } = galleryOf300({ faceSearch: true });
    const publicGallerySearch = vi.fn(async () => ({ photos: [250, 3].map(galleryPhoto) }));
    renderView(view, { publicGallerySearch, publicGalleryPhotos });
    phone.scroll(700);
    const before = shownPositions();
    await searchWithSelfie();

    expect((await screen.findByTestId('face-search-found')).textContent).toBe(texts.found(2));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      galleryPhoto(250).gridUrl,
      galleryPhoto(3).gridUrl,
    ]);
    fireEvent.click(screen.getByRole('button', { name: texts.selectPhoto(1, 2) }));
    expect(screen.getByText(texts.selected(1))).toBeTruthy();

    phone.scroll(0);
    fireEvent.click(screen.getByRole('button', { name: texts.showAll }));
    expect(phone.scrollTo).toHaveBeenLastCalledWith(0, 700);
    await vi.waitFor(() => expect(shownPositions()).toEqual(before));
    expect(screen.getByText(texts.selected(1))).toBeTruthy();
    expect(publicGalleryPhotos).not.toHaveBeenCalled();
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
    renderView(faceGallery(), { publicGallerySearch: async () => ({ photos: [] }) });
    await searchWithSelfie();
    expect((await screen.findByTestId('face-search-no-match')).textContent).toBe(texts.noMatch);
    expect(screen.getAllByRole('img')).toHaveLength(10);
  });
});
