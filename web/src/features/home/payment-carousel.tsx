/**
 * The two-slide carousel of 'Make getting paid a breeze': the payment video and the checkout screenshot.
 * Buttons, dots, arrow keys (while focus is inside it) and swipes of at least 50 px; moves are locked
 * for 300 ms. The hidden slide is inert, and the video only plays while its slide is in view.
 */
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { PhoneScreenshot, PhoneVideo } from '../../components/phone-media';
import { homeCarouselTexts as texts, homeSectionTexts } from './texts';
import { isTypingTarget, swipeStep, useCarousel } from '../../lib/use-carousel';

const { payments } = homeSectionTexts;

const SLIDES: { key: string; content: ReactNode }[] = [
  { key: 'video', content: <PhoneVideo name="payment" label={payments.videoLabel} /> },
  { key: 'checkout', content: <PhoneScreenshot name="checkout-screen" alt={payments.screenshotAlt} /> },
];

export function PaymentCarousel() {
  const { index, next, previous, goTo } = useCarousel(SLIDES.length);
  const swipeStartX = useRef<number | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') previous();
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStartX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStartX.current === null) return;
    const step = swipeStep(event.clientX - swipeStartX.current);
    swipeStartX.current = null;
    if (step === 1) next();
    else if (step === -1) previous();
  };
  const cancelSwipe = () => {
    swipeStartX.current = null;
  };

  return (
    <div
      className="home-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={payments.carouselLabel}
      onKeyDown={onKeyDown}
    >
      <div
        className="home-carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={cancelSwipe}
        onPointerLeave={cancelSwipe}
        aria-live="polite"
      >
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
