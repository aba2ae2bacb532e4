// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_ANIMATION_LOCK_MS, CAROUSEL_SWIPE_THRESHOLD_PX } from '#shared/rules/constants';
import { PaymentCarousel } from './payment-carousel';

const slides = () => screen.getAllByRole('group', { hidden: true });
const currentSlide = () => slides().findIndex((slide) => slide.getAttribute('aria-hidden') === 'false') + 1;
const waitOutLock = () => act(() => vi.advanceTimersByTime(CAROUSEL_ANIMATION_LOCK_MS));

function swipe(distance: number) {
  const viewport = document.querySelector('.home-carousel-viewport')!;
  fireEvent.pointerDown(viewport, { clientX: 300 });
  fireEvent.pointerUp(viewport, { clientX: 300 + distance });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PaymentCarousel', () => {
  it('is a carousel of the payment video and the checkout screenshot, starting on the video', () => {
    render(<PaymentCarousel />);
    const region = screen.getByRole('region', { name: 'Card payment screens' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    expect(slides()[0]!.querySelector('video')?.getAttribute('src')).toBe('/media/payment.webm');
    expect(slides()[1]!.querySelector('img')?.getAttribute('alt')).toMatch(/checkout page/);
    expect(currentSlide()).toBe(1);
    // The hidden slide cannot be reached with the keyboard.
    expect(slides()[1]!.hasAttribute('inert')).toBe(true);
  });

  it('moves with the buttons and the dots, one move per 300 ms', () => {
    render(<PaymentCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe(2);
    expect(screen.getByRole('button', { name: 'Show slide 2' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(currentSlide()).toBe(2);
    waitOutLock();
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(currentSlide()).toBe(1);
    waitOutLock();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toBe(2);
  });

  it('answers the arrow keys inside it', () => {
    render(<PaymentCarousel />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(currentSlide()).toBe(2);
    waitOutLock();
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(currentSlide()).toBe(1);
  });

  it('swipes from 50 px on, not below', () => {
    render(<PaymentCarousel />);
    swipe(-(CAROUSEL_SWIPE_THRESHOLD_PX - 1));
    expect(currentSlide()).toBe(1);
    swipe(-CAROUSEL_SWIPE_THRESHOLD_PX);
    expect(currentSlide()).toBe(2);
    waitOutLock();
    swipe(CAROUSEL_SWIPE_THRESHOLD_PX);
    expect(currentSlide()).toBe(1);
  });
});
