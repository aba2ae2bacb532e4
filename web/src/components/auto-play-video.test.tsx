// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_START_DELAY_MS, VIDEO_VISIBILITY_THRESHOLD } from '#shared/rules/constants';
import { AutoPlayVideo } from './auto-play-video';

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports the video `ratio` visible. */
  report(ratio: number) {
    const entry = { isIntersecting: ratio > 0, intersectionRatio: ratio, target: this.observed[0] };
    act(() => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

const observer = () => FakeIntersectionObserver.instances[0]!;
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let pause: ReturnType<typeof vi.fn<() => void>>;

function renderVideo(loop = false) {
  const { container } = render(
    <AutoPlayVideo
      src="/media/x.webm"
      poster="/media/x.jpg"
      label="A demo"
      width={406}
      height={720}
      loop={loop}
    />,
  );
  return container.querySelector('video')!;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AutoPlayVideo', () => {
  it('is a muted inline video with its poster, metadata preload and no controls', () => {
    const video = renderVideo(true);
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.getAttribute('poster')).toBe('/media/x.jpg');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.controls).toBe(false);
    expect(video.getAttribute('aria-label')).toBe('A demo');
    expect(observer().options.threshold).toBe(VIDEO_VISIBILITY_THRESHOLD);
    expect(observer().observed).toEqual([video]);
  });

  it('plays from the start 100 ms after it is 90% visible, not before', () => {
    const video = renderVideo();
    video.currentTime = 3;
    observer().report(0.95);
    act(() => vi.advanceTimersByTime(VIDEO_START_DELAY_MS - 1));
    expect(play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(play).toHaveBeenCalledTimes(1);
    expect(video.currentTime).toBe(0);
  });

  it('does not play when less than 90% is visible, and pauses when it leaves the view', () => {
    renderVideo();
    observer().report(0.5);
    act(() => vi.advanceTimersByTime(1000));
    expect(play).not.toHaveBeenCalled();
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('cancels the pending start when scrolled away within the 100 ms', () => {
    renderVideo();
    observer().report(1);
    act(() => vi.advanceTimersByTime(50));
    observer().report(0);
    act(() => vi.advanceTimersByTime(1000));
    expect(play).not.toHaveBeenCalled();
  });

  it('rewinds to the start when it ends', () => {
    const video = renderVideo();
    video.currentTime = 7.9;
    act(() => {
      video.dispatchEvent(new Event('ended'));
    });
    expect(video.currentTime).toBe(0);
  });

  it('stops observing when it goes away', () => {
    const { unmount } = render(
      <AutoPlayVideo src="/media/x.webm" poster="/media/x.jpg" label="A demo" width={406} height={720} />,
    );
    unmount();
    expect(observer().disconnected).toBe(true);
  });

  it('never autoplays with prefers-reduced-motion, and offers the controls instead', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const video = renderVideo();
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    expect(video.controls).toBe(true);
  });
});
