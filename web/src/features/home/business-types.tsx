/**
 * The business-type cards (spec section 2): seven from the content store, each with its title,
 * description and 'why it matters' bullets. Mobile shows the first 3 and a 'More' button revealing all;
 * desktop shows them in a horizontal scroller whose buttons move it 320 px. The content client is
 * imported on demand, as for the FAQs.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MOBILE_CARDS_BEFORE_MORE } from '#shared/rules/constants';
import { useMediaQuery } from '../../lib/use-media-query';
import { useQuery } from '../../lib/use-query';
import { businessTypeTexts as texts } from './texts';
import type { BusinessType } from './business-types-api';
import { CardScroller } from './card-scroller';
import { visibleCards } from './scroll-edges';

/** From this width the cards sit side by side in the scroller (the home page's desktop layout). */
export const DESKTOP_QUERY = '(min-width: 48rem)';

const loadFromContentStore = async (): Promise<BusinessType[]> =>
  (await import('./business-types-api')).fetchBusinessTypes();

function BusinessCard({ type, focusOnMount }: { type: BusinessType; focusOnMount: boolean }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <li className="business-card">
      <article ref={ref} aria-labelledby={headingId} tabIndex={focusOnMount ? -1 : undefined}>
        <h3 id={headingId}>{type.title}</h3>
        <p>{type.description}</p>
        <h4>{texts.whyItMatters}</h4>
        <ul className="business-card-bullets">
          {type.whyItMatters.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </article>
    </li>
  );
}

function BusinessCards({ types, desktop }: { types: BusinessType[]; desktop: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = visibleCards(types, { desktop, expanded, limit: MOBILE_CARDS_BEFORE_MORE });
  const cards = shown.map((type, index) => (
    // After 'More', focus moves to the first card it revealed, so keyboard users carry on from there.
    <BusinessCard
      key={type._id}
      type={type}
      focusOnMount={expanded && !desktop && index === MOBILE_CARDS_BEFORE_MORE}
    />
  ));
  if (desktop) return <CardScroller label={texts.listLabel}>{cards}</CardScroller>;
  return (
    <>
      <ul id={listId} className="business-card-stack" aria-label={texts.listLabel}>
        {cards}
      </ul>
      {shown.length < types.length && (
        <button
          type="button"
          className="button button-secondary business-more"
          aria-expanded={false}
          aria-controls={listId}
          onClick={() => setExpanded(true)}
        >
          {texts.more}
        </button>
      )}
    </>
  );
}

export function BusinessTypes({
  loadBusinessTypes = loadFromContentStore,
}: {
  loadBusinessTypes?: () => Promise<BusinessType[]>;
}) {
  const state = useQuery({ key: ['business-types'], load: loadBusinessTypes });
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <section className="home-section business-types" aria-labelledby="business-types-heading">
      <div className="home-section-text">
        <h2 id="business-types-heading">{texts.heading}</h2>
        <p>{texts.intro}</p>
      </div>
      {state.status === 'loading' && <p role="status">{texts.loading}</p>}
      {state.status === 'error' && <p role="alert">{texts.loadFailed}</p>}
      {state.status === 'ready' && <BusinessCards types={state.data} desktop={desktop} />}
    </section>
  );
}
