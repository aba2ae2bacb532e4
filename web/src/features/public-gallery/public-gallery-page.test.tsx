// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api-client';
import { ApiError } from '../../lib/api-client';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { EARLY_GALLERY_GLOBAL } from './early-start';
import { EARLY_COVER_ID } from './early-view';
import { PublicGalleryPage } from './public-gallery-page';
import { galleryPhoto, pagedGallery, testGallery } from './test-gallery';
import { phoneWindow } from './test-window';
import { publicGalleryTexts as texts } from './texts';

let phone: ReturnType<typeof phoneWindow>;
beforeEach(() => {
  sessionStorage.clear();
  phone = phoneWindow();
});
afterEach(() => {
  cleanup();
  phone.restore();
});

function renderPage(publicGallery: ApiClient['publicGallery'], api: Partial<ApiClient> = {}) {
  const services = fakeServices({ publicGallery, ...api });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={['/g/pub_regatta']}>
        <Routes>
          <Route path="g/:publicId" element={<PublicGalleryPage />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return services;
}

const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;

describe('the public gallery page', () => {
  it("asks for the PIN with the server's words, says when it is wrong, and opens with the right one", async () => {
    const publicGallery = vi.fn(async (_params: { publicId: string }, body: { pin?: string }) => {
      if (body.pin === '2468') return testGallery();
      throw new ApiError(body.pin ? 'Wrong PIN' : 'This gallery needs a PIN', 403, 'Forbidden');
    });
    renderPage(publicGallery);
    expect(await heading()).toBe(texts.pinHeading);
    // The PIN form can show a moment before the refusal's words do (the query settles in a transition).
    expect(await screen.findByText('This gallery needs a PIN')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText(texts.pin), { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: texts.openGallery }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong PIN');

    fireEvent.change(screen.getByLabelText(texts.pin), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: texts.openGallery }));
    expect(await screen.findByRole('heading', { name: 'Sailing regatta' })).toBeTruthy();
    expect(publicGallery).toHaveBeenLastCalledWith({ publicId: 'pub_regatta' }, { pin: '2468' });
    expect(screen.getByText(texts.perPhoto('£4.50'))).toBeTruthy();
    expect(screen.getByText(texts.bundle(5, '£20.00'))).toBeTruthy();
    expect(screen.getByText(texts.allPhotos(10, '£30.00'))).toBeTruthy();
    expect(screen.getByText(/June 14, 2025/)).toBeTruthy();
  });

  it('offers the all-photos price only while one order can hold every photo', async () => {
    renderPage(async () => testGallery({ totalPhotos: 2000 }));
    expect(await screen.findByRole('heading', { name: 'Sailing regatta' })).toBeTruthy();
    expect(screen.getByText(texts.bundle(5, '£20.00'))).toBeTruthy();
    expect(screen.queryByText(texts.allPhotos(2000, '£30.00'))).toBeNull();
    expect(screen.getByText(texts.photoCount(2000), { exact: false })).toBeTruthy();
  });

  describe('after too many wrong PINs', () => {
    const typePin = (pin: string) => {
      fireEvent.change(screen.getByLabelText(texts.pin), { target: { value: pin } });
      fireEvent.click(screen.getByRole('button', { name: texts.openGallery }));
    };

    it('runs the human check when the gallery asks for it, and sends the PIN again with its token', async () => {
      const publicGallery = vi.fn(
        async (_params: { publicId: string }, body: { pin?: string; captchaToken?: string }) => {
          if (!body.pin) throw new ApiError(publicGalleryErrors.pinRequired, 403, 'Forbidden');
          if (!body.captchaToken) throw new ApiError(publicGalleryErrors.pinCheckNeeded, 400, 'Bad Request');
          if (body.pin === '482193') return testGallery();
          throw new ApiError(publicGalleryErrors.wrongPin, 403, 'Forbidden');
        },
      );
      const { executeCaptcha } = renderPage(publicGallery);
      await screen.findByText(publicGalleryErrors.pinRequired);
      typePin('111111');
      expect((await screen.findByRole('alert')).textContent).toBe(publicGalleryErrors.wrongPin);
      expect(publicGallery).toHaveBeenLastCalledWith(
        { publicId: 'pub_regatta' },
        { pin: '111111', captchaToken: 'token-public_gallery_pin' },
      );
      typePin('482193');
      expect(await screen.findByRole('heading', { name: 'Sailing regatta' })).toBeTruthy();
      expect(executeCaptcha.mock.calls).toEqual([['public_gallery_pin'], ['public_gallery_pin']]);
    });

    it('says so when the human check cannot run, and keeps the form', async () => {
      const publicGallery = vi.fn(async (_params: { publicId: string }, body: { pin?: string }) => {
        throw new ApiError(
          body.pin ? publicGalleryErrors.pinCheckNeeded : publicGalleryErrors.pinRequired,
          body.pin ? 400 : 403,
          '',
        );
      });
      const services = renderPage(publicGallery);
      services.executeCaptcha.mockRejectedValue(new Error('captcha script failed to load'));
      await screen.findByText(publicGalleryErrors.pinRequired);
      typePin('482193');
      expect((await screen.findByRole('alert')).textContent).toBe(texts.captchaFailed);
      expect(screen.getByLabelText(texts.pin)).toBeTruthy();
    });

    it('shows the wait the server asks for, the button waiting too', async () => {
      const publicGallery = vi.fn(async (_params: { publicId: string }, body: { pin?: string }) => {
        if (!body.pin) throw new ApiError(publicGalleryErrors.pinRequired, 403, 'Forbidden');
        throw new ApiError(publicGalleryErrors.pinWait(30), 429, 'Too Many Requests', 30);
      });
      renderPage(publicGallery);
      await screen.findByText(publicGalleryErrors.pinRequired);
      typePin('111111');
      expect((await screen.findByRole('alert')).textContent).toBe(publicGalleryErrors.pinWait(30));
      expect((screen.getByRole('button', { name: texts.openGallery }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });

    it('shows the lock at once, with no PIN field, when a locked gallery is opened', async () => {
      renderPage(() => Promise.reject(new ApiError(publicGalleryErrors.pinLocked, 423, 'Locked')));
      expect(await heading()).toBe(texts.pinHeading);
      expect((await screen.findByRole('alert')).textContent).toBe(publicGalleryErrors.pinLocked);
      expect(screen.queryByLabelText(texts.pin)).toBeNull();
    });
  });

  it('says the gallery is not found on a 404', async () => {
    renderPage(() => Promise.reject(new ApiError('Gallery not found', 404, 'Not Found')));
    expect(await heading()).toBe(texts.notFoundHeading);
    expect(screen.getByRole('link', { name: texts.returnHome })).toBeTruthy();
  });

  it('offers to try again after another failure', async () => {
    let calls = 0;
    renderPage(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError('Service unavailable', 503, 'Service Unavailable');
      return testGallery({ free: true, pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] } });
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
    fireEvent.click(screen.getByRole('button', { name: texts.tryAgain }));
    expect(await screen.findByRole('heading', { name: 'Sailing regatta' })).toBeTruthy();
    expect(screen.getByText(texts.freeGallery)).toBeTruthy();
  });

  it("takes index.html's early answer, its first page included, and loads the next pages after it", async () => {
    const { view, nextPage } = pagedGallery(300, 100);
    const early = { publicId: 'pub_regatta', pin: '', settled: Promise.resolve() };
    (window as unknown as Record<string, unknown>)[EARLY_GALLERY_GLOBAL] = {
      ...early,
      response: Promise.resolve(Response.json(view)),
    };
    const publicGallery = vi.fn();
    const publicGalleryPhotos = vi.fn(nextPage);
    renderPage(publicGallery, { publicGalleryPhotos });
    // A first page of 100 photos takes a loaded machine over a second to draw in jsdom.
    expect(await screen.findByRole('heading', { name: 'Sailing regatta' }, { timeout: 5000 })).toBeTruthy();
    expect(publicGallery).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: texts.openPhoto(1, 300) })).toBeTruthy();
    phone.scroll(2000);
    expect(publicGalleryPhotos).toHaveBeenCalledWith({ publicId: 'pub_regatta' }, { cursor: 'page-2' });
  });

  describe("index.html's early cover", () => {
    const drawEarlyCover = () => {
      const frame = document.createElement('div');
      frame.id = EARLY_COVER_ID;
      document.body.append(frame);
    };
    const earlyCoverShown = () => document.getElementById(EARLY_COVER_ID) !== null;
    afterEach(() => document.getElementById(EARLY_COVER_ID)?.remove());

    it("gives way to the page's own cover once that is decoded", async () => {
      drawEarlyCover();
      let decoded!: () => void;
      // jsdom has no HTMLImageElement.decode.
      const decode = vi.fn(() => new Promise<void>((resolve) => (decoded = resolve)));
      Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: decode, configurable: true });
      try {
        renderPage(async () => testGallery({ cover: galleryPhoto(1) }));
        await screen.findByRole('heading', { name: 'Sailing regatta' });
        expect(decode.mock.contexts[0]).toBe(document.querySelector('.public-cover'));
        expect(earlyCoverShown()).toBe(true);
        decoded();
        await vi.waitFor(() => expect(earlyCoverShown()).toBe(false));
      } finally {
        delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
      }
    });

    it('goes at once when the gallery shows no cover (a PIN)', async () => {
      drawEarlyCover();
      renderPage(() => Promise.reject(new ApiError('This gallery needs a PIN', 403, 'Forbidden')));
      expect(await heading()).toBe(texts.pinHeading);
      // The page drops it in an effect of the render that shows the PIN form, which may run just after.
      await vi.waitFor(() => expect(earlyCoverShown()).toBe(false));
    });
  });
});
