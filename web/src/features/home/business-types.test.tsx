// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_SCROLL_STEP_PX } from '#shared/rules/constants';
import type { BusinessType } from './business-types-api';
import { BusinessTypes, DESKTOP_QUERY } from './business-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const types: BusinessType[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
  _id: `businessType-${n}`,
  title: `Type ${n}`,
  description: `Description ${n}.`,
  whyItMatters: [`Reason ${n}a`, `Reason ${n}b`],
}));

function viewport(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === DESKTOP_QUERY ? desktop : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('BusinessTypes on mobile', () => {
  it('shows the first 3 cards and a More button that reveals all seven', async () => {
    viewport(false);
    render(<BusinessTypes loadBusinessTypes={() => Promise.resolve(types)} />);
    expect(screen.getByRole('status').textContent).toBe('Loading business types…');
    const more = await screen.findByRole('button', { name: 'More' });
    expect(cardTitles()).toEqual(['Type 1', 'Type 2', 'Type 3']);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const first = screen.getByRole('article', { name: 'Type 1' });
    expect(within(first).getByText('Description 1.')).toBeTruthy();
    expect(within(first).getByRole('heading', { name: 'Why it matters' })).toBeTruthy();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reason 1a', 'Reason 1b']);

    fireEvent.click(more);
    expect(cardTitles()).toEqual(types.map((type) => type.title));
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    // Keyboard users continue at the first card the button revealed.
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Type 4' }));
  });

  it('has no More button when there are 3 cards or fewer', async () => {
    viewport(false);
    render(<BusinessTypes loadBusinessTypes={() => Promise.resolve(types.slice(0, 3))} />);
    await screen.findByRole('article', { name: 'Type 3' });
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('says so when the content store cannot be read', async () => {
    viewport(false);
    render(<BusinessTypes loadBusinessTypes={() => Promise.reject(new Error('offline'))} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load business types. Please try again later.',
    );
  });
});

describe('BusinessTypes on desktop', () => {
  it('shows all cards in a scroller whose buttons move 320 px and are disabled at the ends', async () => {
    viewport(true);
    const scrollBy = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { value: scrollBy, configurable: true });
    render(<BusinessTypes loadBusinessTypes={() => Promise.resolve(types)} />);
    const list = await screen.findByRole('list', { name: 'Business types' });
    expect(cardTitles()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();

    const left = screen.getByRole('button', { name: 'Scroll business types left' }) as HTMLButtonElement;
    const right = screen.getByRole('button', { name: 'Scroll business types right' }) as HTMLButtonElement;
    Object.defineProperties(list, {
      scrollWidth: { value: 2120, configurable: true },
      clientWidth: { value: 1000, configurable: true },
    });
    fireEvent.scroll(list);
    expect(left.disabled).toBe(true);
    expect(right.disabled).toBe(false);

    fireEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: CARD_SCROLL_STEP_PX, behavior: 'smooth' });

    list.scrollLeft = 1120;
    fireEvent.scroll(list);
    expect(left.disabled).toBe(false);
    expect(right.disabled).toBe(true);
    fireEvent.click(left);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -CARD_SCROLL_STEP_PX, behavior: 'smooth' });
  });
});
