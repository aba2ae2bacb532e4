/**
 * Extends a completed order's access: the seller chooses how many days to add (to the current end, or
 * from today once it has ended), and the list shows the new end. A refusal (the order was refunded or
 * disputed meanwhile) is shown in the dialog as the server words it.
 */
import { useId, useState } from 'react';
import { sellerGalleryErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import type { SellerOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../components/error-message';
import { Modal } from '../../components/modal';
import { useAction } from '../../lib/use-action';
import { useServices } from '../../lib/services';
import { EXTENSION_CHOICES, sellerOrderTexts as texts } from './texts';

export function ExtendAccessDialog(props: {
  order: SellerOrder;
  onClose: () => void;
  onExtended: (order: SellerOrder) => void;
}) {
  const { api } = useServices();
  const selectId = useId();
  const [days, setDays] = useState<number>(30);
  const end = props.order.accessEndsAt;
  const [openedAt] = useState(() => Date.now());
  const ended = end !== undefined && Date.parse(end) <= openedAt;
  const action = useAction({
    run: async () => props.onExtended(await api.extendAccess({ orderId: props.order.orderId }, { days })),
    failure: sellerGalleryErrors.generic,
  });
  return (
    <Modal title={texts.extendAccessTitle} onClose={props.onClose}>
      {end && <p>{texts.extendAccessIntro(formatDate(end), ended)}</p>}
      <div className="field">
        <label htmlFor={selectId}>{texts.extendBy}</label>
        <select id={selectId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {EXTENSION_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {texts.extendDays(choice)}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage message={action.error} />
      <div className="actions">
        <button type="button" className="button" disabled={action.busy} onClick={() => void action.run()}>
          {action.busy ? texts.extending : texts.extendAccess}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onClose}>
          {texts.keepAccess}
        </button>
      </div>
    </Modal>
  );
}
