import { useEffect } from 'react';
import type { OrderPhoto } from '#shared/schemas/order';
import { ShownImage } from '../../components/shown-image';
import { carouselTexts } from './texts';
import { useCarousel } from '../../lib/use-carousel';

/** The order's thumbnails, one at a time: buttons, arrow keys (anywhere on the page) and swipes. */
export function PhotoCarousel({ photos }: { photos: OrderPhoto[] }) {
  const { index, next, previous, moveByArrowKey, swipeHandlers } = useCarousel(photos.length);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => void moveByArrowKey(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [moveByArrowKey]);

  if (photos.length === 0) return <p className="carousel-empty">{carouselTexts.empty}</p>;

  const total = photos.length;
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={carouselTexts.regionLabel}
    >
      <div className="carousel-viewport" {...swipeHandlers}>
        <ul className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {photos.map((photo, i) => (
            <li key={photo.photoId} className="carousel-slide" aria-hidden={i !== index}>
              <ShownImage
                src={photo.thumbnailUrl}
                webp={photo.thumbnailWebpUrl}
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
