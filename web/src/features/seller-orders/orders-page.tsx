/**
 * /seller-orders: the seller's orders, newest first, paged: all of them, the sales (paid, or free and
 * completed) or the unpaid ones (`?view=`): status (with why: refunds, disputes, a failed payment, a
 * cancellation), price, Stripe's fee, our 5%, net, refunded, payout date, photo count, created date, and
 * the link with its QR code on demand. An order still waiting for its payment can be cancelled; a completed
 * one's access can be extended (its end, and whether the customer turned reminders off, shown), and a paid
 * extension offered to its customer once it has ended. On a
 * narrow screen each row stacks, every value labelled.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sellerGalleryErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import type { SellerOrder, SellerOrderView } from '#shared/schemas/order';
import { orderRowView } from './order-row-view';
import { formatMoney } from '#shared/rules/money';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ExtendAccessDialog } from './extend-access-dialog';
import { PaidExtensionDialog } from './paid-extension-dialog';
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
import { memberName, useTeamDirectory } from '../../lib/use-team-directory';
import { CreatorFilter } from '../../components/creator-filter';
import { sellerOrderTexts as texts } from './texts';
import { NO_ACTIVITY, useOrderActivity } from './use-order-activity';
import type { OrderActivity } from '#shared/schemas/activity';
import { sellerCommonTexts } from '../../lib/texts/seller-common';

const ordersError = (failure: unknown) => errorMessage(failure, sellerGalleryErrors.generic);

const VIEWS: readonly SellerOrderView[] = ['all', 'sales', 'unpaid'];

/** The list the address names (`?view=sales`, `?view=unpaid`); every order otherwise. */
const viewOf = (value: string | null): SellerOrderView => VIEWS.find((view) => view === value) ?? 'all';

function useOrders(view: SellerOrderView, createdBy: string) {
  const { api } = useServices();
  return usePagedList({
    key: ['orders', view, createdBy],
    fetchPage: async (nextToken?: string): Promise<Page<SellerOrder>> => {
      const page = await api.listOrders({
        ...(view !== 'all' && { view }),
        ...(createdBy && { createdBy }),
        ...(nextToken && { nextToken }),
      });
      return { items: page.orders, ...(page.nextToken && { nextToken: page.nextToken }) };
    },
    errorOf: ordersError,
  });
}

function ViewLinks({ current }: { current: SellerOrderView }) {
  return (
    <nav className="order-views" aria-label={texts.orderViewsLabel}>
      {VIEWS.map((view) => (
        <Link
          key={view}
          to={{ search: view === 'all' ? '' : `?view=${view}` }}
          aria-current={view === current ? 'page' : undefined}
          className={view === current ? 'order-view order-view-current' : 'order-view'}
        >
          {texts.orderViews[view]}
        </Link>
      ))}
    </nav>
  );
}

/** What the seller can do to one order from its row; each opens a dialog (or the link's share). */
type OrderAction = 'share' | 'cancel' | 'extend' | 'offer';

type OnAction = (action: OrderAction) => void;

interface OrderRowProps {
  order: SellerOrder;
  /** What customers did with its link; undefined while it loads (or if it could not be read). */
  activity: OrderActivity | undefined;
  onAction: OnAction;
}

function RowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div>
      <button type="button" className="button-link" onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

/**
 * A completed order's access: until when (or since when ended), the customer's reminders, extending it,
 * and the paid extension offered to the customer once it has ended.
 */
function AccessNote({ order, onAction }: { order: SellerOrder; onAction: OnAction }) {
  const [shownAt] = useState(() => Date.now());
  if (!order.accessEndsAt) return null;
  const date = formatDate(order.accessEndsAt);
  const ended = Date.parse(order.accessEndsAt) <= shownAt;
  const price = order.extensionPrice && formatMoney(order.extensionPrice, order.currency);
  return (
    <>
      <div className="hint">{ended ? texts.accessEnded(date) : texts.accessUntil(date)}</div>
      {order.remindersOff && <div className="hint">{texts.remindersOff}</div>}
      {price && <div className="hint">{texts.extensionOffered(price)}</div>}
      {order.extendable && <RowButton label={texts.extendAccess} onClick={() => onAction('extend')} />}
      {order.extendable && !order.extendsOrderId && (
        <RowButton
          label={price ? texts.changeExtension : texts.offerExtension}
          onClick={() => onAction('offer')}
        />
      )}
    </>
  );
}

function OrderRow({ order, activity, onAction }: OrderRowProps) {
  const view = orderRowView(order);
  const createdBy = memberName(useTeamDirectory(), order.createdBy);
  return (
    <tr>
      <td data-label={texts.status}>
        {view.status}
        {view.note && <div className="hint">{view.note}</div>}
        {order.fromPublicGallery && <div className="hint">{texts.fromPublicGallery}</div>}
        {order.extendsOrderId && <div className="hint">{texts.paidExtension}</div>}
        {order.cancellable && <RowButton label={texts.cancelOrder} onClick={() => onAction('cancel')} />}
        <AccessNote order={order} onAction={onAction} />
      </td>
      <td data-label={texts.total}>{view.total}</td>
      <td data-label={texts.providerFee}>{view.providerFee}</td>
      <td data-label={texts.platformFee}>{view.platformFee}</td>
      <td data-label={texts.net}>{view.net}</td>
      <td data-label={texts.refunded}>{view.refunded}</td>
      <td data-label={texts.payout}>{view.payout}</td>
      <td data-label={sellerCommonTexts.photos}>{order.photoCount}</td>
      <td data-label={texts.createdAt}>
        {formatDate(order.createdAt)}
        {createdBy && <div className="hint">{texts.createdBy(createdBy)}</div>}
      </td>
      <td data-label={texts.activity}>{activity && texts.activitySummary(activity)}</td>
      <td data-label={texts.link}>
        <button type="button" className="button-link" onClick={() => onAction('share')}>
          {texts.share}
        </button>
      </td>
    </tr>
  );
}

function OrdersTable({ orders, onAction }: { orders: SellerOrder[]; onAction: (acting: Acting) => void }) {
  // One read for the orders on screen (never one per row).
  const activity = useOrderActivity(orders.map((order) => order.orderId));
  return (
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
          <th scope="col">{sellerCommonTexts.photos}</th>
          <th scope="col">{texts.createdAt}</th>
          <th scope="col">{texts.activity}</th>
          <th scope="col">{texts.link}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <OrderRow
            key={order.orderId}
            order={order}
            activity={activity && (activity[order.orderId] ?? NO_ACTIVITY)}
            onAction={(action) => onAction({ action, order })}
          />
        ))}
      </tbody>
    </table>
  );
}

/** The order a row's action is about, and which action. */
interface Acting {
  action: OrderAction;
  order: SellerOrder;
}

/** The dialog of a row's action; a change it makes replaces the order's row. */
function ActionDialog({
  acting: { action, order },
  onClose,
  onChanged,
}: {
  acting: Acting;
  onClose: () => void;
  onChanged: (order: SellerOrder) => void;
}) {
  if (action === 'cancel')
    return <CancelOrderDialog order={order} onClose={onClose} onCancelled={onChanged} />;
  if (action === 'extend')
    return <ExtendAccessDialog order={order} onClose={onClose} onExtended={onChanged} />;
  if (action === 'offer') return <PaidExtensionDialog order={order} onClose={onClose} onSaved={onChanged} />;
  return (
    <Modal title={sellerCommonTexts.orderLink} onClose={onClose}>
      <OrderLinkShare url={order.url} orderId={order.orderId} />
      <button type="button" className="button" onClick={onClose}>
        {sellerCommonTexts.close}
      </button>
    </Modal>
  );
}

export function OrdersPage() {
  const [search] = useSearchParams();
  const view = viewOf(search.get('view'));
  const [createdBy, setCreatedBy] = useState('');
  const { items: orders, nextToken, error, loadMore, replaceItem } = useOrders(view, createdBy);
  const [acting, setActing] = useState<Acting | null>(null);
  return (
    <div>
      <PageHeading>{sellerCommonTexts.orders}</PageHeading>
      <p>
        <Link to="/galleries">{sellerCommonTexts.galleries}</Link>
      </p>
      <ViewLinks current={view} />
      <CreatorFilter
        label={texts.createdByFilter}
        everyone={texts.everyone}
        value={createdBy}
        onChange={setCreatedBy}
      />
      <ErrorMessage message={error} />
      {!orders && !error && <Progress label={sellerCommonTexts.loading} />}
      {orders?.length === 0 && <p>{view === 'all' ? texts.noOrders : texts.noOrdersInView[view]}</p>}
      {orders && orders.length > 0 && <p className="hint">{texts.moneyNote}</p>}
      {orders && orders.length > 0 && <OrdersTable orders={orders} onAction={setActing} />}
      {nextToken && (
        <button type="button" className="button button-secondary" onClick={() => void loadMore()}>
          {sellerCommonTexts.loadMore}
        </button>
      )}
      {acting && (
        <ActionDialog
          acting={acting}
          onClose={() => setActing(null)}
          onChanged={(changed) => {
            replaceItem((order) => order.orderId === changed.orderId, changed);
            setActing(null);
          }}
        />
      )}
    </div>
  );
}
