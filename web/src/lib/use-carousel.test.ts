// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_ANIMATION_LOCK_MS, CAROUSEL_SWIPE_THRESHOLD_PX } from '#shared/rules/constants';
import { isTypingTarget, swipeStep, useCarousel } from './use-carousel';

describe('swipeStep', () => {
  it('moves one slide from the 50 px threshold on, in the swipe direction', () => {
    expect(swipeStep(-(CAROUSEL_SWIPE_THRESHOLD_PX - 1))).toBe(0);
    expect(swipeStep(CAROUSEL_SWIPE_THRESHOLD_PX - 1)).toBe(0);
    expect(swipeStep(-CAROUSEL_SWIPE_THRESHOLD_PX)).toBe(1);
    expect(swipeStep(CAROUSEL_SWIPE_THRESHOLD_PX)).toBe(-1);
    expect(swipeStep(0)).toBe(0);
  });
});

describe('isTypingTarget', () => {
  it('is true for form fields and editable content only', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('useCarousel goTo', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('jumps to a slide, and is locked for 300 ms like next and previous', () => {
    const { result } = renderHook(() => useCarousel(2));
    act(() => result.current.goTo(1));
    expect(result.current.index).toBe(1);
    act(() => result.current.goTo(0));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(CAROUSEL_ANIMATION_LOCK_MS));
    act(() => result.current.previous());
    expect(result.current.index).toBe(0);
  });
});
