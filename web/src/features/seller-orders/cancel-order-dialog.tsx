/**
 * Asks before cancelling an unpaid order, then cancels it: the server expires its Checkout Session and
 * ends it, and the list shows it cancelled. A refusal (the customer has just paid, or it ended) is shown
 * in the dialog as the server words it.
 */
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { SellerOrder } from '#shared/schemas/order';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useServices } from '../../lib/services';
import { sellerOrderTexts as texts } from './texts';

export function CancelOrderDialog(props: {
  order: SellerOrder;
  onClose: () => void;
  onCancelled: (order: SellerOrder) => void;
}) {
  const { api } = useServices();
  return (
    <ConfirmDialog
      texts={{
        title: texts.cancelOrderTitle,
        question: texts.confirmCancelOrder,
        confirm: texts.cancelOrder,
        confirming: texts.cancellingOrder,
        keep: texts.keepOrder,
        failure: sellerGalleryErrors.generic,
      }}
      onConfirm={async () => props.onCancelled(await api.cancelOrder({ orderId: props.order.orderId }, {}))}
      onClose={props.onClose}
    />
  );
}
