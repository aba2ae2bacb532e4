/**
 * Prices the paid extension a completed order's page offers once access has ended (or, left empty,
 * withdraws it). The server checks the price as it checks an order's; its refusal shows in the dialog.
 */
import { useState } from 'react';
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { SellerOrder } from '#shared/schemas/order';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { useServices } from '../../lib/services';
import { sellerOrderTexts as texts } from './texts';

/** The price typed: null when empty (no offer), undefined when it is not a number. */
export const typedPrice = (value: string): number | null | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const price = Number(trimmed);
  return /^\d+(\.\d+)?$/.test(trimmed) && Number.isFinite(price) ? price : undefined;
};

export function PaidExtensionDialog(props: {
  order: SellerOrder;
  onClose: () => void;
  onSaved: (order: SellerOrder) => void;
}) {
  const { api } = useServices();
  const [price, setPrice] = useState(props.order.extensionPrice?.toFixed(2) ?? '');
  return (
    <ConfirmDialog
      texts={{
        title: texts.offerExtensionTitle,
        question: texts.offerExtensionIntro,
        confirm: texts.saveOffer,
        confirming: texts.savingOffer,
        keep: texts.keepAccess,
        failure: sellerGalleryErrors.generic,
      }}
      onConfirm={async () => {
        const typed = typedPrice(price);
        if (typed === undefined) return texts.extensionPriceInvalid;
        props.onSaved(await api.offerExtension({ orderId: props.order.orderId }, { price: typed }));
      }}
      onClose={props.onClose}
    >
      <TextField label={texts.extensionPrice} value={price} onChange={setPrice} inputMode="decimal" />
    </ConfirmDialog>
  );
}
