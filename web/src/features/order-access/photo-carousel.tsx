import { useEffect, useRef, type PointerEvent } from 'react';
import { CAROUSEL_SWIPE_THRESHOLD_PX } from '#shared/constants';
import type { OrderPhoto } from '#shared/schemas/order';
import { carouselTexts } from './texts';
import { useCarousel } from '../../lib/use-carousel';

/** Arrow keys typed into a field move its caret, not the carousel. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The order's thumbnails, one at a time: buttons, arrow keys and swipes (pointer events cover touch). */
export function PhotoCarousel({ photos }: { photos: OrderPhoto[] }) {
  const { index, next, previous } = useCarousel(photos.length);
  const swipeStartX = useRef<number | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [next, previous]);

  if (photos.length === 0) return <p className="carousel-empty">{carouselTexts.empty}</p>;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStartX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStartX.current === null) return;
    const distance = event.clientX - swipeStartX.current;
    swipeStartX.current = null;
    if (Math.abs(distance) < CAROUSEL_SWIPE_THRESHOLD_PX) return;
    if (distance < 0) next();
    else previous();
  };
  const cancelSwipe = () => {
    swipeStartX.current = null;
  };

  const total = photos.length;
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={carouselTexts.regionLabel}
    >
      <div
        className="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={cancelSwipe}
        onPointerLeave={cancelSwipe}
      >
        <ul className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {photos.map((photo, i) => (
            <li key={photo.photoId} className="carousel-slide" aria-hidden={i !== index}>
              <img
                src={photo.thumbnailUrl}
                alt={carouselTexts.photoAlt(i + 1, total)}
                loading={Math.abs(i - index) <= 1 ? 'eager' : 'lazy'}
                draggable={false}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          aria-label={carouselTexts.previous}
          onClick={previous}
          disabled={total < 2}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className="carousel-counter" aria-live="polite">
          {carouselTexts.counter(index + 1, total)}
        </p>
        <button
          type="button"
          className="carousel-button"
          aria-label={carouselTexts.next}
          onClick={next}
          disabled={total < 2}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
