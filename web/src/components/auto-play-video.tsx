/**
 * A muted, inline marketing video that plays only while at least 90% of it is visible, 100 ms after it
 * becomes so, always from the start; it pauses when scrolled out of view and rewinds when it ends
 * (public document, section 2). With prefers-reduced-motion it never starts by itself: the poster
 * stays and the native controls let the visitor play it.
 */
import { useEffect, useRef, useState } from 'react';
import { VIDEO_START_DELAY_MS, VIDEO_VISIBILITY_THRESHOLD } from '#shared/rules/constants';

export interface AutoPlayVideoProps {
  src: string;
  poster: string;
  /** What the video shows, for screen readers. */
  label: string;
  loop?: boolean;
  width: number;
  height: number;
  className?: string;
}

/** Browsers report the crossing ratio with float noise (0.8999…), so compare with a small tolerance. */
const isVisibleEnough = (entry: IntersectionObserverEntry) =>
  entry.isIntersecting && entry.intersectionRatio >= VIDEO_VISIBILITY_THRESHOLD - 0.01;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Plays `video` from the start while it is visible enough; returns the cleanup. */
export function autoPlayWhileVisible(video: HTMLVideoElement): () => void {
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      clearTimeout(startTimer);
      if (isVisibleEnough(entry)) {
        startTimer = setTimeout(() => {
          video.currentTime = 0;
          // Autoplay refusals (data saver, policies) leave the poster showing; nothing to report.
          video.play()?.catch(() => undefined);
        }, VIDEO_START_DELAY_MS);
      } else {
        video.pause();
      }
    },
    { threshold: VIDEO_VISIBILITY_THRESHOLD },
  );
  const rewind = () => {
    video.currentTime = 0;
  };
  observer.observe(video);
  video.addEventListener('ended', rewind);
  return () => {
    clearTimeout(startTimer);
    observer.disconnect();
    video.removeEventListener('ended', rewind);
  };
}

export function AutoPlayVideo({
  src,
  poster,
  label,
  loop = false,
  width,
  height,
  className,
}: AutoPlayVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [autoPlays] = useState(() => typeof IntersectionObserver === 'function' && !prefersReducedMotion());
  useEffect(() => {
    const video = ref.current;
    if (!video || !autoPlays) return;
    return autoPlayWhileVisible(video);
  }, [autoPlays]);
  return (
    <video
      ref={ref}
      className={className ? `auto-play-video ${className}` : 'auto-play-video'}
      src={src}
      poster={poster}
      aria-label={label}
      width={width}
      height={height}
      muted
      playsInline
      loop={loop}
      preload="metadata"
      controls={!autoPlays}
    />
  );
}
