/**
 * The two-slide carousel of 'Make getting paid a breeze': the payment video and the checkout screenshot.
 * Buttons, dots, arrow keys (while focus is inside it) and swipes of at least 50 px; moves are locked
 * for 300 ms. The hidden slide is inert, and the video only plays while its slide is in view.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { PhoneScreenshot, PhoneVideo } from '../../components/phone-media';
import { homeCarouselTexts as texts, homeSectionTexts } from './texts';
import { useCarousel } from '../../lib/use-carousel';

const { payments } = homeSectionTexts;

const SLIDES: { key: string; content: ReactNode }[] = [
  { key: 'video', content: <PhoneVideo name="payment" label={payments.videoLabel} /> },
  { key: 'checkout', content: <PhoneScreenshot name="checkout-screen" alt={payments.screenshotAlt} /> },
];

export function PaymentCarousel() {
  const { index, next, previous, goTo, moveByArrowKey, swipeHandlers } = useCarousel(SLIDES.length);
  // Arrow keys while focus is inside the carousel; a key it used does not scroll the page too.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (moveByArrowKey(event)) event.preventDefault();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys bubble from the carousel's own focused buttons (delegation); the region itself takes no focus
    <div
      className="home-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={payments.carouselLabel}
      onKeyDown={onKeyDown}
    >
      <div className="home-carousel-viewport" {...swipeHandlers} aria-live="polite">
        <div className="home-carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {SLIDES.map((slide, i) => (
            <div
              key={slide.key}
              className="home-carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={texts.slideLabel(i + 1, SLIDES.length)}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="home-carousel-controls">
        <button type="button" className="card-scroller-button" aria-label={texts.previous} onClick={previous}>
          <span aria-hidden="true">‹</span>
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            className="home-carousel-dot"
            aria-label={texts.showSlide(i + 1)}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
        <button type="button" className="card-scroller-button" aria-label={texts.next} onClick={next}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
