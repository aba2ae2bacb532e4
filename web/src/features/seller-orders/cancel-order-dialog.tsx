/**
 * Asks before cancelling an unpaid order, then cancels it: the server expires its Checkout Session and
 * ends it, and the list shows it cancelled. A refusal (the customer has just paid, or it ended) is shown
 * in the dialog as the server words it.
 */
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { SellerOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../components/error-message';
import { Modal } from '../../components/modal';
import { useServices } from '../../lib/services';
import { sellerOrderTexts as texts } from './texts';
import { useAction } from '../../lib/use-action';

export function CancelOrderDialog(props: {
  order: SellerOrder;
  onClose: () => void;
  onCancelled: (order: SellerOrder) => void;
}) {
  const { api } = useServices();
  const cancel = useAction({
    run: async () => props.onCancelled(await api.cancelOrder({ orderId: props.order.orderId }, {})),
    failure: sellerGalleryErrors.generic,
  });
  return (
    <Modal title={texts.cancelOrderTitle} onClose={props.onClose}>
      <p>{texts.confirmCancelOrder}</p>
      <ErrorMessage message={cancel.error} />
      <div className="actions">
        <button type="button" className="button" disabled={cancel.busy} onClick={() => void cancel.run()}>
          {cancel.busy ? texts.cancellingOrder : texts.cancelOrder}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onClose}>
          {texts.keepOrder}
        </button>
      </div>
    </Modal>
  );
}
