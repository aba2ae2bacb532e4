import { isFreeOrder } from '#shared/rules/order-flow';
import type { PublicOrder } from '#shared/schemas/order';
import { orderAccessTexts as texts } from './texts';
import { formatOrderTotal } from '../../utils/format';
import { PhotoCarousel } from './photo-carousel';

/** What the customer is getting: photos, count, total and (once known) the email they go to. */
export function OrderSummary({ order, showEmail }: { order: PublicOrder; showEmail: boolean }) {
  return (
    <div className="order-summary">
      <PhotoCarousel photos={order.photos} />
      {isFreeOrder(order) && <p className="free-order">{texts.freeOrder}</p>}
      <p className="photo-count">{texts.photoCount(order.photos.length)}</p>
      <dl className="summary-facts">
        <div>
          <dt>{texts.totalLabel}</dt>
          <dd className="order-total">{formatOrderTotal(order.total, order.currency)}</dd>
        </div>
        {showEmail && order.customerEmail && (
          <div>
            <dt>{texts.emailSummaryLabel}</dt>
            <dd className="order-email">{order.customerEmail}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
