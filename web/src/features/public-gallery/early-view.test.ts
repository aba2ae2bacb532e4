// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  coverSrcSet,
  dropEarlyCover,
  EARLY_COVER_ID,
  earlyViewPath,
  handOverEarlyCover,
  leaveEarlyCover,
  pinKey,
  takeEarlyView,
} from './early-view';
import { EARLY_GALLERY_GLOBAL, earlyGallerySettled } from './early-start';
import { hasSellerBrand, SELLER_LOGO_BOX } from '../../components/seller-brand';

const html = readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
/** index.html's inline script that asks for the gallery (the one naming the global). */
const earlyScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map(([, text]) => text!)
  .find((text) => text.includes(EARLY_GALLERY_GLOBAL))!;
const holder = window as unknown as Record<string, unknown>;

/** Previews are static paths on the site's own origin (shared/contract/preview-paths.ts). */
const COVER = {
  gridUrl: '/previews/abcdefgh/open/AAAAAAAAAAAAAAAAAAAAAA/photo_0001/grid.webp',
  fullUrl: '/previews/abcdefgh/open/AAAAAAAAAAAAAAAAAAAAAA/photo_0001/full.webp',
  width: 1600,
  height: 1200,
};

afterEach(() => {
  holder[EARLY_GALLERY_GLOBAL] = undefined;
  document.getElementById(EARLY_COVER_ID)?.remove();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe("index.html's early public gallery request", () => {
  it('uses the names the page reads it by', () => {
    expect(earlyScript).toContain(`window.${EARLY_GALLERY_GLOBAL} =`);
    // pinKey('') is the prefix and '.pin' the suffix around the id.
    expect(earlyScript).toContain(`'${pinKey('').replace(/\.pin$/, '')}' + publicId + '.pin'`);
    expect(earlyScript).toContain(`'${earlyViewPath('')}' + publicId`);
    expect(earlyScript).toContain(`frame.id = '${EARLY_COVER_ID}'`);
    // The early cover is the grid-sized preview alone: a small first paint, before the page's sharper one.
    expect(earlyScript).toContain('img.src = cover.gridUrl');
    expect(earlyScript).not.toContain('srcset');
    // The page's cover offers both sizes (the browser takes the sharper one for the screen).
    expect(coverSrcSet(COVER)).toBe(`${COVER.gridUrl} 400w, ${COVER.fullUrl} ${COVER.width}w`);
  });

  describe('run on a gallery address', () => {
    beforeEach(() => window.history.replaceState(null, '', '/g/abcdefgh'));
    const run = (answer: Response) => {
      const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(answer);
      new Function(earlyScript)();
      return fetch;
    };
    const earlyCover = () => document.getElementById(EARLY_COVER_ID);

    it('asks for the gallery, draws its cover in the early frame, and settles once that has painted', async () => {
      const fetch = run(Response.json({ title: 'Regatta', cover: COVER }));
      expect(fetch).toHaveBeenCalledWith(
        earlyViewPath('abcdefgh'),
        expect.objectContaining({ method: 'POST' }),
      );
      await vi.waitFor(() => expect(earlyCover()).not.toBeNull());
      const frame = earlyCover()!;
      expect(frame.className).toBe('early-cover-frame');
      expect(frame.getAttribute('aria-hidden')).toBe('true');
      const img = frame.querySelector('img')!;
      expect(img.className).toBe('public-cover');
      expect(img.alt).toBe('');
      expect([img.width, img.height]).toEqual([COVER.width, COVER.height]);
      expect(img.getAttribute('srcset')).toBeNull();
      expect(img.getAttribute('src')).toBe(COVER.gridUrl);

      const settled = vi.fn();
      void earlyGallerySettled()!.then(settled);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).not.toHaveBeenCalled();
      img.dispatchEvent(new Event('load'));
      await vi.waitFor(() => expect(settled).toHaveBeenCalled());
    });

    it.each([
      { businessName: 'Harbour Light Photography', logoUrl: 'https://cdn.test/logo' },
      { businessName: 'Harbour Light Photography' },
      { logoUrl: 'https://cdn.test/logo' },
      { businessName: '  ' },
      {},
      undefined,
    ])(
      "leaves the studio line's room above the cover exactly when the page shows one: %o",
      async (seller) => {
        run(Response.json({ title: 'Regatta', cover: COVER, seller }));
        await vi.waitFor(() => expect(earlyCover()).not.toBeNull());
        expect(earlyCover()!.hasAttribute('data-seller-brand')).toBe(hasSellerBrand(seller));
      },
    );

    it('draws nothing and settles at once when the gallery shows no cover (a PIN, a refusal)', async () => {
      run(Response.json({ message: 'This gallery needs a PIN' }, { status: 403 }));
      await earlyGallerySettled();
      expect(earlyCover()).toBeNull();
    });
  });

  it('does nothing on any other address', () => {
    const fetch = vi.spyOn(window, 'fetch');
    new Function(earlyScript)();
    expect(fetch).not.toHaveBeenCalled();
    expect(earlyGallerySettled()).toBeUndefined();
  });
});

describe("the early cover's place under the studio line", () => {
  const css = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');
  /** The declarations of the rule whose selector is exactly `selector`. */
  const rule = (text: string, selector: string) => {
    const at = text.indexOf(`\n${selector} {`);
    expect(at, selector).toBeGreaterThanOrEqual(0);
    return text.slice(text.indexOf('{', at) + 1, text.indexOf('}', at));
  };

  it("is pushed down by the line's height and gap, from the custom properties that size the page's line", () => {
    const frame = rule(css('early-view.css'), '.early-cover-frame');
    const branded = rule(css('early-view.css'), '.early-cover-frame[data-seller-brand]');
    // Without a brand: the column's top padding only; with one, the line's height and gap besides.
    expect(frame).toContain('padding: var(--space-6) var(--space-4) 0;');
    expect(branded).toContain(
      'padding-top: calc(var(--space-6) + var(--brand-line-height) + var(--brand-line-gap));',
    );
    expect(rule(css('../../components/seller-brand.css'), '.seller-brand-line')).toContain(
      'height: var(--brand-line-height);',
    );
    expect(rule(css('public-gallery.css'), '.public-header .seller-brand')).toMatch(
      /^\s*margin-bottom: var\(--brand-line-gap\);\s*$/,
    );
    // The line is as high as the logo's box, which the logo's attributes give in pixels.
    const tokens = css('../../app/tokens.css');
    expect(tokens).toContain('--brand-line-height: var(--seller-logo-height);');
    expect(tokens).toContain(`--seller-logo-height: ${SELLER_LOGO_BOX.height / 16}rem;`);
    expect(tokens).toContain(`--seller-logo-width: ${SELLER_LOGO_BOX.width / 16}rem;`);
  });
});

describe('takeEarlyView', () => {
  it('gives the answer once, for its gallery and PIN only', () => {
    const response = Promise.resolve(new Response('{}'));
    holder[EARLY_GALLERY_GLOBAL] = { publicId: 'abcdefgh', pin: '', response, settled: Promise.resolve() };
    expect(takeEarlyView('zzzzzzzz', '')).toBeUndefined();
    expect(takeEarlyView('abcdefgh', '1234')).toBeUndefined();
    expect(takeEarlyView('abcdefgh', '')).toBe(response);
    expect(takeEarlyView('abcdefgh', '')).toBeUndefined();
  });
});

describe("the page taking over from index.html's early cover", () => {
  const drawEarlyCover = () => {
    const frame = document.createElement('div');
    frame.id = EARLY_COVER_ID;
    document.body.append(frame);
  };
  const earlyCoverShown = () => document.getElementById(EARLY_COVER_ID) !== null;
  const pageCover = (decode: () => Promise<void>) => Object.assign(document.createElement('img'), { decode });
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

  it("removes it once the page's own cover is decoded, in the next frame", async () => {
    drawEarlyCover();
    let decoded!: () => void;
    handOverEarlyCover(pageCover(() => new Promise<void>((resolve) => (decoded = resolve))));
    await nextFrame();
    expect(earlyCoverShown()).toBe(true);
    decoded();
    await vi.waitFor(() => expect(earlyCoverShown()).toBe(false));
  });

  it("removes it when the page's cover cannot be decoded, or at once when the page has none", async () => {
    drawEarlyCover();
    handOverEarlyCover(pageCover(() => Promise.reject(new Error('EncodingError'))));
    await vi.waitFor(() => expect(earlyCoverShown()).toBe(false));
    drawEarlyCover();
    handOverEarlyCover(null);
    expect(earlyCoverShown()).toBe(false);
  });

  it('keeps it when the hand-over is cancelled (the page went away meanwhile)', async () => {
    drawEarlyCover();
    const cancel = handOverEarlyCover(pageCover(() => Promise.resolve()));
    cancel();
    await nextFrame();
    await nextFrame();
    expect(earlyCoverShown()).toBe(true);
  });

  it('asks nothing of the page when index.html drew no cover', () => {
    const decode = vi.fn(() => Promise.resolve());
    handOverEarlyCover(pageCover(decode));
    expect(decode).not.toHaveBeenCalled();
  });

  it("keeps it while the address is still the gallery's, drops it once the visitor has left", () => {
    drawEarlyCover();
    window.history.replaceState(null, '', '/g/abcdefgh/');
    leaveEarlyCover('abcdefgh');
    expect(earlyCoverShown()).toBe(true);
    window.history.replaceState(null, '', '/insights');
    leaveEarlyCover('abcdefgh');
    expect(earlyCoverShown()).toBe(false);
    drawEarlyCover();
    dropEarlyCover();
    expect(earlyCoverShown()).toBe(false);
  });
});
