/**
 * The cookie banner (public document, section 2 "Global chrome"): 'Accept All', 'Reject
 * Non-Essential', and 'Customize', which shows the categories (functional checked and disabled) with
 * 'Save Preferences'. A bar at the bottom of the page that sticks while scrolling but ends after the
 * footer, so it never hides anything for good, even on a phone.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACCEPT_ALL, REJECT_NON_ESSENTIAL, type CookieConsent } from '../../lib/consent/consent-record';
import { cookieConsentTexts as texts } from './cookie-consent-texts';
// Its stylesheet (cookie-banner.css) is the entry's: index.html draws the banner before this chunk loads.

type Choice = Pick<CookieConsent, 'analytics' | 'marketing'>;

export interface CookieBannerProps {
  /** The stored choice when reopened (the checkboxes start from it), else null. */
  initial: CookieConsent | null;
  /** Reopened by the user: move focus into the banner (never on a first visit, which starts on the page). */
  takeFocus: boolean;
  onChoose(choice: Choice): void;
}

/** Focus returns where it was (the footer button) when the banner goes. */
function useFocusOnOpen(takeFocus: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => previous?.focus();
  }, [takeFocus]);
  return ref;
}

export function CookieBanner({ initial, takeFocus, onChoose }: CookieBannerProps) {
  const [customizing, setCustomizing] = useState(false);
  const [choice, setChoice] = useState<Choice>(initial ?? REJECT_NON_ESSENTIAL);
  const headingId = useId();
  const categoriesId = useId();
  const ref = useFocusOnOpen(takeFocus);

  return (
    <section ref={ref} className="cookie-banner" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p>
        {texts.intro} <Link to="/privacy">{texts.privacyLink}</Link>
      </p>
      {customizing && (
        <form
          id={categoriesId}
          className="cookie-categories"
          onSubmit={(event) => {
            event.preventDefault();
            onChoose(choice);
          }}
        >
          <fieldset>
            <legend>{texts.categoriesLegend}</legend>
            <CategoryCheckbox category="functional" checked disabled />
            {(['analytics', 'marketing'] as const).map((category) => (
              <CategoryCheckbox
                key={category}
                category={category}
                checked={choice[category]}
                onChange={(checked) => setChoice((current) => ({ ...current, [category]: checked }))}
              />
            ))}
          </fieldset>
          <button type="submit" className="button">
            {texts.savePreferences}
          </button>
        </form>
      )}
      <div className="cookie-actions">
        <button type="button" className="button" onClick={() => onChoose(ACCEPT_ALL)}>
          {texts.acceptAll}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChoose(REJECT_NON_ESSENTIAL)}
        >
          {texts.rejectNonEssential}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={customizing}
          aria-controls={categoriesId}
          onClick={() => setCustomizing((open) => !open)}
        >
          {texts.customize}
        </button>
      </div>
    </section>
  );
}

function CategoryCheckbox(props: {
  category: keyof typeof texts.categories;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { label, hint } = texts.categories[props.category];
  const hintId = useId();
  return (
    <label className="cookie-category">
      <input
        type="checkbox"
        name={props.category}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hintId}
        onChange={(event) => props.onChange?.(event.target.checked)}
      />
      <span>
        <strong>{label}</strong>
        <span id={hintId} className="hint">
          {hint}
        </span>
      </span>
    </label>
  );
}
