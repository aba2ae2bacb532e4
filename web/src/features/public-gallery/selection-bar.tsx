/**
 * The bar at the bottom of the screen (sticky, one line at 375 px): how many photos are picked, their
 * price by the shared pricing rule (the one the server charges by), and the button that runs the
 * invisible human check, makes the order and goes on to its page (card payment, or an email address for
 * free photos). A human check that fails (the script blocked, a low score) says so, with a retry.
 */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { priceSelection } from '#shared/rules/public-gallery-price';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { ErrorMessage } from '../../components/error-message';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { formatMinorUnits } from '../../utils/format';
import { publicGalleryTexts as texts } from './texts';

export interface SelectionBarProps {
  view: PublicGalleryView;
  pin: string | undefined;
  selected: readonly string[];
  onClear: () => void;
  /** The order was made: the pick has done its job. */
  onOrdered: () => void;
}

/** What the pick costs, worded for the bar; null with nothing picked. */
export function selectionTotal(view: PublicGalleryView, count: number) {
  if (count === 0) return null;
  if (view.free) return { total: texts.free, allPhotos: false };
  // Priced against the whole gallery (every page), as the server prices it.
  const quote = priceSelection(view.pricing, count, Math.max(view.totalPhotos, count));
  return { total: formatMinorUnits(quote.totalMinor, view.pricing.currency), allPhotos: quote.allPhotos };
}

/**
 * What a failed order says: the human check's text when the check could not run or the server refused
 * its token (every such message names the captcha), else the server's message or the fallback.
 */
export const orderFailureText = (failure: unknown): string =>
  failure instanceof Error && failure.message.toLowerCase().includes('captcha')
    ? texts.humanCheckFailed
    : errorMessage(failure, texts.orderFailed);

export function SelectionBar({ view, pin, selected, onClear, onOrdered }: SelectionBarProps) {
  const { api, executeCaptcha, assignLocation } = useServices();
  const count = selected.length;
  const price = selectionTotal(view, count);
  const checkout = useAction({
    run: async () => {
      const captchaToken = await executeCaptcha(CAPTCHA_ACTIONS.publicGalleryOrder);
      const order = await api.publicGalleryOrder(
        { publicId: view.publicId },
        { ...(pin && { pin }), photoIds: [...selected], captchaToken },
      );
      onOrdered();
      assignLocation(order.url);
    },
    failure: orderFailureText,
    stayBusy: true, // the page is left: no second order meanwhile
  });
  return (
    <section className="public-selection-bar" aria-label={texts.selectionLabel}>
      <p className="public-selection-summary" aria-live="polite" data-testid="selection-summary">
        {price ? (
          <>
            <strong>{texts.selected(count)}</strong>
            {price.allPhotos && <span> · {texts.allPhotosApplies(view.totalPhotos)}</span>}
            <span> · </span>
            <strong data-testid="selection-total">{price.total}</strong>
          </>
        ) : (
          texts.pickHint
        )}
      </p>
      {price?.allPhotos && <p className="hint">{texts.allPhotosAppliesHint}</p>}
      {count > 0 && (
        <div className="public-selection-actions">
          <button type="button" className="button-link" onClick={onClear} disabled={checkout.busy}>
            {texts.clearSelection}
          </button>
          <button
            type="button"
            className="button"
            data-testid="checkout"
            disabled={checkout.busy}
            onClick={() => void checkout.run()}
          >
            {view.free ? texts.getFree(count) : texts.buy(price?.allPhotos ? view.totalPhotos : count)}
          </button>
        </div>
      )}
      <ErrorMessage message={checkout.error} />
      {checkout.error === texts.humanCheckFailed && !checkout.busy && (
        <button type="button" className="button button-secondary" onClick={() => void checkout.run()}>
          {texts.tryAgain}
        </button>
      )}
    </section>
  );
}
