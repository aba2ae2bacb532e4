/**
 * /seller-orders: the seller's orders, newest first, paged: status (with why: refunds, disputes, a
 * failed payment), price, Stripe's fee, our 5%, net, refunded, payout date, photo count, created date,
 * and the link with its QR code on demand. On a narrow screen each row stacks, every value labelled.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { sellerGalleryErrors } from '#shared/errors';
import { formatDate } from '#shared/rules/dates';
import type { SellerOrder } from '#shared/schemas/order';
import { orderRowView } from './order-row-view';
import { ErrorMessage } from '../../components/error-message';
import { Modal } from '../../components/modal';
import { OrderLinkShare } from '../../components/order-link-share';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import '../../components/forms.css';
import '../../components/seller-tools.css';
import { errorMessage } from '../../lib/error-message';
import { usePagedList, type Page } from '../../lib/paged-list';
import { useServices } from '../../lib/services';
import { sellerToolTexts as texts } from '../../lib/texts/seller-tools';

const ordersError = (failure: unknown) => errorMessage(failure, sellerGalleryErrors.generic);

function useOrders() {
  const { api } = useServices();
  return usePagedList({
    key: ['orders'],
    fetchPage: async (nextToken?: string): Promise<Page<SellerOrder>> => {
      const page = await api.listOrders({ ...(nextToken && { nextToken }) });
      return { items: page.orders, ...(page.nextToken && { nextToken: page.nextToken }) };
    },
    errorOf: ordersError,
  });
}

function OrderRow({ order, onShare }: { order: SellerOrder; onShare: () => void }) {
  const view = orderRowView(order);
  return (
    <tr>
      <td data-label={texts.status}>
        {view.status}
        {view.note && <div className="hint">{view.note}</div>}
      </td>
      <td data-label={texts.total}>{view.total}</td>
      <td data-label={texts.providerFee}>{view.providerFee}</td>
      <td data-label={texts.platformFee}>{view.platformFee}</td>
      <td data-label={texts.net}>{view.net}</td>
      <td data-label={texts.refunded}>{view.refunded}</td>
      <td data-label={texts.payout}>{view.payout}</td>
      <td data-label={texts.photos}>{order.photoCount}</td>
      <td data-label={texts.createdAt}>{formatDate(order.createdAt)}</td>
      <td data-label={texts.link}>
        <button type="button" className="button-link" onClick={onShare}>
          {texts.share}
        </button>
      </td>
    </tr>
  );
}

export function OrdersPage() {
  const { items: orders, nextToken, error, loadMore } = useOrders();
  const [sharing, setSharing] = useState<SellerOrder | null>(null);
  return (
    <div>
      <PageHeading>{texts.orders}</PageHeading>
      <p>
        <Link to="/galleries">{texts.galleries}</Link>
      </p>
      <ErrorMessage message={error} />
      {!orders && !error && <Progress label={texts.loading} />}
      {orders?.length === 0 && <p>{texts.noOrders}</p>}
      {orders && orders.length > 0 && <p className="hint">{texts.moneyNote}</p>}
      {orders && orders.length > 0 && (
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{texts.status}</th>
              <th scope="col">{texts.total}</th>
              <th scope="col">{texts.providerFee}</th>
              <th scope="col">{texts.platformFee}</th>
              <th scope="col">{texts.net}</th>
              <th scope="col">{texts.refunded}</th>
              <th scope="col">{texts.payout}</th>
              <th scope="col">{texts.photos}</th>
              <th scope="col">{texts.createdAt}</th>
              <th scope="col">{texts.link}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <OrderRow key={order.orderId} order={order} onShare={() => setSharing(order)} />
            ))}
          </tbody>
        </table>
      )}
      {nextToken && (
        <button type="button" className="button button-secondary" onClick={() => void loadMore()}>
          {texts.loadMore}
        </button>
      )}
      {sharing && (
        <Modal title={texts.orderLink} onClose={() => setSharing(null)}>
          <OrderLinkShare url={sharing.url} orderId={sharing.orderId} />
          <button type="button" className="button" onClick={() => setSharing(null)}>
            {texts.close}
          </button>
        </Modal>
      )}
    </div>
  );
}
