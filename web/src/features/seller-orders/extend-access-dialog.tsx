/**
 * Extends a completed order's access: the seller chooses how many days to add (to the current end, or
 * from today once it has ended), and the list shows the new end. A refusal (the order was refunded or
 * disputed meanwhile) is shown in the dialog as the server words it.
 */
import { useId, useState } from 'react';
import { sellerGalleryErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import type { SellerOrder } from '#shared/schemas/order';
import { ConfirmDialog } from '../../components/confirm-dialog';
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
  const [openedAt] = useState(() => Date.now());
  const end = props.order.accessEndsAt ?? new Date(openedAt).toISOString();
  return (
    <ConfirmDialog
      texts={{
        title: texts.extendAccessTitle,
        question: texts.extendAccessIntro(formatDate(end), Date.parse(end) <= openedAt),
        confirm: texts.extendAccess,
        confirming: texts.extending,
        keep: texts.keepAccess,
        failure: sellerGalleryErrors.generic,
      }}
      onConfirm={async () =>
        props.onExtended(await api.extendAccess({ orderId: props.order.orderId }, { days }))
      }
      onClose={props.onClose}
    >
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
    </ConfirmDialog>
  );
}
