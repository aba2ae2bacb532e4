/**
 * Creates an order from the selected photos: a price in pounds (0 for free), an optional customer
 * email; the server fixes GBP and the 30-day expiry. Then shows the link, QR code and copy button.
 */
import { useState, type FormEvent } from 'react';
import { formatDate } from '#shared/rules/dates';
import { applicationFeeMinor, formatMoney, fromMinorUnits, toMinorUnits } from '#shared/rules/money';
import type { SellerOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../../components/error-message';
import { TextField } from '../../../components/form-field';
import { OrderLinkShare } from '../../../components/order-link-share';
import { useServices } from '../../../lib/services';
import { useAction } from '../../../lib/use-action';
import { sellerGalleryTexts as texts } from '../texts';
import { sellerCommonTexts } from '../../../lib/texts/seller-common';
import { formatOrderTotal } from '../../../utils/format';
import { sellerGalleryErrors } from '#shared/texts/errors';

/** The typed price in pounds ('12,50' accepted), or NaN. */
const parsePrice = (price: string): number => Number(price.replace(',', '.'));

/** What the seller keeps of a paid order: the total less our 5% fee (shared/rules/money.ts). */
function EarningsPreview({ price }: { price: string }) {
  const total = parsePrice(price);
  if (!Number.isFinite(total) || total <= 0) return null;
  const totalMinor = toMinorUnits(total, 'GBP');
  const feeMinor = applicationFeeMinor(totalMinor);
  const pounds = (minor: number) => formatOrderTotal(fromMinorUnits(minor, 'GBP'), 'GBP');
  return (
    <p className="hint earnings-preview" aria-live="polite">
      {texts.youReceive(pounds(totalMinor - feeMinor), pounds(feeMinor))}
    </p>
  );
}

export function CreateOrderPanel({ galleryId, photoIds }: { galleryId: string; photoIds: string[] }) {
  const { api } = useServices();
  const [price, setPrice] = useState('0');
  const [email, setEmail] = useState('');
  const [order, setOrder] = useState<SellerOrder | null>(null);
  const create = useAction({
    run: async () => {
      const total = parsePrice(price);
      setOrder(
        await api.createOrder(undefined, {
          galleryId,
          photoIds,
          total: Number.isFinite(total) ? total : -1,
          ...(email.trim() && { customerEmail: email.trim() }),
        }),
      );
    },
    failure: sellerGalleryErrors.generic,
  });
  const { busy, error } = create;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await create.run();
  };

  if (order)
    return (
      <section className="panel" aria-live="polite">
        <h2>{texts.orderCreated}</h2>
        <p>
          {texts.photoCount(order.photoCount)} ·{' '}
          {order.total === 0 ? sellerCommonTexts.freeOrder : formatMoney(order.total, order.currency)} ·{' '}
          {texts.expires(formatDate(order.expiresAt, 'long'))}
        </p>
        <OrderLinkShare url={order.url} orderId={order.orderId} />
      </section>
    );
  return (
    <form className="selection-bar" onSubmit={(e) => void submit(e)}>
      <strong>{texts.selected(photoIds.length)}</strong>
      <TextField label={texts.price} value={price} onChange={setPrice} inputMode="decimal" required />
      <EarningsPreview price={price} />
      <TextField
        label={texts.customerEmail}
        value={email}
        onChange={setEmail}
        type="email"
        autoComplete="off"
      />
      <button type="submit" className="button" disabled={busy || photoIds.length === 0}>
        {busy ? texts.creatingOrder : texts.createOrder}
      </button>
      <ErrorMessage message={error} />
    </form>
  );
}
