// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_ANIMATION_LOCK_MS, CAROUSEL_SWIPE_THRESHOLD_PX } from '#shared/rules/constants';
import { PhotoCarousel } from './photo-carousel';

const photos = [1, 2, 3].map((n) => ({
  photoId: `photo_${n}000000`,
  thumbnailUrl: `https://img.test/${n}.jpg`,
}));

const counter = () => screen.getByText(/^\d+ \/ \d+$/).textContent;
const next = () => screen.getByRole('button', { name: 'Next photo' }) as HTMLButtonElement;
const previous = () => screen.getByRole('button', { name: 'Previous photo' }) as HTMLButtonElement;
const visibleImage = () => screen.getByRole('img');

/** Lets the 300 ms animation lock run out. */
const waitOutLock = () => act(() => vi.advanceTimersByTime(CAROUSEL_ANIMATION_LOCK_MS));

function swipe(distance: number) {
  const viewport = document.querySelector('.carousel-viewport')!;
  fireEvent.pointerDown(viewport, { clientX: 200, pointerId: 1 });
  fireEvent.pointerUp(viewport, { clientX: 200 + distance, pointerId: 1 });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PhotoCarousel', () => {
  it("shows 'No photos available' and no controls without photos", () => {
    render(<PhotoCarousel photos={[]} />);
    expect(screen.getByText('No photos available')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows the first photo and the n / total counter', () => {
    render(<PhotoCarousel photos={photos} />);
    expect(counter()).toBe('1 / 3');
    // Only the current slide is exposed to assistive technology.
    expect(visibleImage().getAttribute('src')).toBe('https://img.test/1.jpg');
    expect(visibleImage().getAttribute('alt')).toBe('Photo 1 of 3');
    expect(screen.getByRole('region', { name: 'Order photos' }).getAttribute('aria-roledescription')).toBe(
      'carousel',
    );
  });

  it('moves with the buttons and wraps around at both ends', () => {
    render(<PhotoCarousel photos={photos} />);
    fireEvent.click(previous());
    expect(counter()).toBe('3 / 3');
    expect(visibleImage().getAttribute('src')).toBe('https://img.test/3.jpg');
    waitOutLock();
    fireEvent.click(next());
    expect(counter()).toBe('1 / 3');
    waitOutLock();
    fireEvent.click(next());
    expect(counter()).toBe('2 / 3');
  });

  it('ignores moves during the 300 ms animation lock', () => {
    render(<PhotoCarousel photos={photos} />);
    fireEvent.click(next());
    fireEvent.click(next());
    expect(counter()).toBe('2 / 3');
    act(() => vi.advanceTimersByTime(CAROUSEL_ANIMATION_LOCK_MS - 1));
    fireEvent.click(next());
    expect(counter()).toBe('2 / 3');
    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(next());
    expect(counter()).toBe('3 / 3');
  });

  it('answers the arrow keys, but not while typing in a field', () => {
    render(
      <>
        <input aria-label="Email" />
        <PhotoCarousel photos={photos} />
      </>,
    );
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('2 / 3');
    waitOutLock();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('1 / 3');
    waitOutLock();
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'ArrowRight' });
    expect(counter()).toBe('1 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true });
    expect(counter()).toBe('1 / 3');
  });

  it('swipes at the 50 px threshold, not below it', () => {
    render(<PhotoCarousel photos={photos} />);
    swipe(-(CAROUSEL_SWIPE_THRESHOLD_PX - 1));
    expect(counter()).toBe('1 / 3');
    swipe(-CAROUSEL_SWIPE_THRESHOLD_PX);
    expect(counter()).toBe('2 / 3');
    waitOutLock();
    swipe(CAROUSEL_SWIPE_THRESHOLD_PX + 30);
    expect(counter()).toBe('1 / 3');
  });

  it('disables the buttons for a single photo', () => {
    render(<PhotoCarousel photos={photos.slice(0, 1)} />);
    expect(counter()).toBe('1 / 1');
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('1 / 1');
  });
});
