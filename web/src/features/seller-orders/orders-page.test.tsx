// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerOrder } from '#shared/schemas/order';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { sellerOrderTexts as texts } from './texts';
import { sellerCommonTexts } from '../../lib/texts/seller-common';
import { fakeServices } from '../../testing/fake-services';
import { OrdersPage } from './orders-page';

afterEach(cleanup);

const order = (fields: Partial<SellerOrder>): SellerOrder => ({
  orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
  galleryId: 'BBBBBBBBBBBBBBBBBBBBBB',
  status: 'FULFILLED',
  orderType: 'PAID_ORDER',
  total: 25,
  currency: 'GBP',
  platformFee: 1.25,
  refunded: 0,
  duplicatePaymentsRefunded: 0,
  photoCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  url: 'https://shutterlane.test/orders/AAAAAAAAAAAAAAAAAAAAAA',
  fromPublicGallery: false,
  cancellable: false,
  extendable: false,
  ...fields,
});

const paid = order({
  payment: {
    amount: 25,
    providerFee: 0.58,
    platformFee: 1.25,
    net: 23.17,
    payoutExpectedOn: '2026-11-29T00:00:00.000Z',
  },
});

function renderPage(
  orders: SellerOrder[] | Promise<never>,
  { path = '/seller-orders', ...calls }: { path?: string } & Partial<ApiClient> = {},
) {
  const listOrders = vi.fn(async () => ({ orders: await orders }));
  render(
    <ServicesProvider services={fakeServices({ listOrders, ...calls })}>
      <MemoryRouter initialEntries={[path]}>
        <OrdersPage />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { listOrders };
}

/** The cell of a row under a column, found by the label it carries on narrow screens too. */
const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;

describe('the seller’s orders list', () => {
  it('shows a paid order’s price, Stripe fee, our 5%, net and payout date as Stripe recorded them', async () => {
    renderPage([paid]);
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, texts.status)).toBe('Paid');
    expect(cell(row!, texts.total)).toBe('£25.00');
    expect(cell(row!, texts.providerFee)).toBe('£0.58');
    expect(cell(row!, texts.platformFee)).toBe('£1.25');
    expect(cell(row!, texts.net)).toBe('£23.17');
    expect(cell(row!, texts.refunded)).toBe(texts.notYet);
    expect(cell(row!, texts.payout)).toBe('Nov 29, 2026');
    expect(screen.getByRole('columnheader', { name: texts.providerFee })).toBeTruthy();
    expect(screen.getByText(texts.moneyNote)).toBeTruthy();
  });

  it('says each payment state in words, with what was refunded and duplicates refunded automatically', async () => {
    renderPage([
      order({
        orderId: 'A1AAAAAAAAAAAAAAAAAAAA',
        status: 'REFUNDED',
        statusReason: 'REFUNDED',
        refunded: 25,
      }),
      order({ orderId: 'A2AAAAAAAAAAAAAAAAAAAA', status: 'DISPUTED', statusReason: 'DISPUTE_OPEN' }),
      order({ orderId: 'A3AAAAAAAAAAAAAAAAAAAA', status: 'FULFILLED', statusReason: 'DISPUTE_WON' }),
      order({ orderId: 'A4AAAAAAAAAAAAAAAAAAAA', status: 'REFUNDED', statusReason: 'DISPUTE_LOST' }),
      order({ orderId: 'A5AAAAAAAAAAAAAAAAAAAA', statusReason: 'PARTIALLY_REFUNDED', refunded: 5 }),
      order({ orderId: 'A6AAAAAAAAAAAAAAAAAAAA', status: 'PROCESSING', statusReason: 'PAYMENT_PROCESSING' }),
      order({ orderId: 'A7AAAAAAAAAAAAAAAAAAAA', status: 'PENDING', statusReason: 'PAYMENT_FAILED' }),
      order({ orderId: 'A8AAAAAAAAAAAAAAAAAAAA', duplicatePaymentsRefunded: 1 }),
    ]);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => cell(row, texts.status))).toEqual([
      'Refunded: photos withheld',
      'Disputed: photos withheld',
      'Paid (dispute won)',
      'Refunded: photos withheld (dispute lost)',
      'Paid (partly refunded)',
      'Payment processing',
      'Awaiting payment (the last payment failed)',
      `Paid${texts.duplicatesRefunded(1)}`,
    ]);
    expect(cell(rows[0]!, texts.refunded)).toBe('£25.00');
    expect(cell(rows[4]!, texts.refunded)).toBe('£5.00');
    // Nothing recorded from Stripe yet: no fee or payout is guessed.
    expect(cell(rows[5]!, texts.net)).toBe(texts.notYet);
    expect(within(rows[7]!).getByText(texts.duplicatesRefunded(1))).toBeTruthy();
  });

  it('shows a free order as completed, with no money', async () => {
    renderPage([order({ orderType: 'FREE_ORDER', total: 0, platformFee: 0 })]);
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, texts.status)).toBe(texts.freeOrderDone);
    expect(cell(row!, texts.total)).toBe(sellerCommonTexts.freeOrder);
    expect(cell(row!, texts.payout)).toBe(texts.notYet);
  });

  it('says it is loading, then what went wrong when the list fails', async () => {
    renderPage(Promise.reject(new Error('network down')));
    expect(screen.getByText(sellerCommonTexts.loading)).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('says an order that ended unpaid was cancelled, and a payment after that was refunded', async () => {
    renderPage([
      order({ orderId: 'C1AAAAAAAAAAAAAAAAAAAA', status: 'EXPIRED', statusReason: 'CANCELLED' }),
      order({
        orderId: 'C2AAAAAAAAAAAAAAAAAAAA',
        status: 'EXPIRED',
        statusReason: 'PHOTOS_REMOVED',
        duplicatePaymentsRefunded: 1,
        fromPublicGallery: true,
      }),
      order({ orderId: 'C3AAAAAAAAAAAAAAAAAAAA', status: 'EXPIRED' }),
    ]);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => cell(row, texts.status))).toEqual([
      texts.cancelled,
      `${texts.cancelled} (photos deleted)${texts.lateRefunded(1)}${texts.fromPublicGallery}`,
      'Expired',
    ]);
  });

  it('reads the list the address names, and links to the others with the current one marked', async () => {
    const { listOrders } = renderPage([], { path: '/seller-orders?view=unpaid' });
    expect(await screen.findByText(texts.noOrdersInView.unpaid)).toBeTruthy();
    expect(listOrders).toHaveBeenCalledWith({ view: 'unpaid' });
    const views = screen.getByRole('navigation', { name: texts.orderViewsLabel });
    const current = within(views).getByRole('link', { name: texts.orderViews.unpaid });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(views).getByRole('link', { name: texts.orderViews.sales }).getAttribute('href')).toBe(
      '/seller-orders?view=sales',
    );
    expect(within(views).getByRole('link', { name: texts.orderViews.all }).getAttribute('href')).toBe(
      '/seller-orders',
    );
  });

  it('cancels an unpaid order after asking, and shows it cancelled in place', async () => {
    const unpaid = order({ status: 'PENDING', cancellable: true, fromPublicGallery: true });
    const cancelOrder = vi.fn(async () => ({
      ...unpaid,
      status: 'EXPIRED' as const,
      statusReason: 'CANCELLED' as const,
      cancellable: false,
    }));
    renderPage([unpaid, order({ orderId: 'B1AAAAAAAAAAAAAAAAAAAA' })], { cancelOrder });
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, texts.status)).toContain('Awaiting payment');
    // Only the unpaid order offers a cancel.
    expect(screen.getAllByRole('button', { name: texts.cancelOrder })).toHaveLength(1);
    fireEvent.click(within(row!).getByRole('button', { name: texts.cancelOrder }));
    const dialog = await screen.findByRole('dialog', { name: texts.cancelOrderTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.cancelOrder }));
    await vi.waitFor(() =>
      expect(cell(screen.getAllByRole('row')[1]!, texts.status)).toBe(
        `${texts.cancelled}${texts.fromPublicGallery}`,
      ),
    );
    expect(cancelOrder).toHaveBeenCalledWith({ orderId: unpaid.orderId }, {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: texts.cancelOrder })).toBeNull();
  });

  it('keeps the order and says why when the server refuses to cancel it', async () => {
    const unpaid = order({ status: 'PENDING', cancellable: true });
    const refusal = 'The customer has just paid for this order, so it cannot be cancelled.';
    const cancelOrder = vi.fn(() => Promise.reject(new ApiError(refusal, 409, 'Conflict')));
    renderPage([unpaid], { cancelOrder });
    fireEvent.click(await screen.findByRole('button', { name: texts.cancelOrder }));
    const dialog = await screen.findByRole('dialog', { name: texts.cancelOrderTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.cancelOrder }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.keepOrder }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('extends a completed order’s access by the days chosen and shows the new end in place', async () => {
    const completed = order({
      accessEndsAt: '2026-12-01T10:00:00.000Z',
      extendable: true,
      remindersOff: true,
    });
    const extendAccess = vi.fn(async () => ({ ...completed, accessEndsAt: '2027-03-01T10:00:00.000Z' }));
    renderPage([completed, order({ orderId: 'B1AAAAAAAAAAAAAAAAAAAA', status: 'REFUNDED' })], {
      extendAccess,
    });
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, texts.status)).toContain(texts.accessUntil('Dec 1, 2026'));
    expect(cell(row!, texts.status)).toContain(texts.remindersOff);
    // Only the completed order offers an extension.
    expect(screen.getAllByRole('button', { name: texts.extendAccess })).toHaveLength(1);
    fireEvent.click(within(row!).getByRole('button', { name: texts.extendAccess }));
    const dialog = await screen.findByRole('dialog', { name: texts.extendAccessTitle });
    fireEvent.change(within(dialog).getByLabelText(texts.extendBy), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.extendAccess }));
    await vi.waitFor(() =>
      expect(cell(screen.getAllByRole('row')[1]!, texts.status)).toContain(texts.accessUntil('Mar 1, 2027')),
    );
    expect(extendAccess).toHaveBeenCalledWith({ orderId: completed.orderId }, { days: 90 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why when the server refuses an extension, and keeps the dialog open', async () => {
    const completed = order({ accessEndsAt: '2026-01-01T10:00:00.000Z', extendable: true });
    const refusal = 'Only a completed order’s access can be extended.';
    const extendAccess = vi.fn(() => Promise.reject(new ApiError(refusal, 409, 'Conflict')));
    renderPage([completed], { extendAccess });
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, texts.status)).toContain(texts.accessEnded('Jan 1, 2026'));
    fireEvent.click(within(row!).getByRole('button', { name: texts.extendAccess }));
    const dialog = await screen.findByRole('dialog', { name: texts.extendAccessTitle });
    expect(within(dialog).getByText(/Access ended on Jan 1, 2026/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: texts.extendAccess }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
  });

  it('prices a paid extension of a completed order, refuses a price that is not a number, and withdraws it', async () => {
    const completed = order({ accessEndsAt: '2026-01-01T10:00:00.000Z', extendable: true });
    const offerExtension = vi.fn(async (_params: unknown, body: { price: number | null }) =>
      body.price === null ? completed : { ...completed, extensionPrice: body.price },
    );
    const extension = order({
      orderId: 'C1AAAAAAAAAAAAAAAAAAAA',
      extendable: true,
      extendsOrderId: completed.orderId,
    });
    renderPage([completed, extension], { offerExtension });
    const [, row, extensionRow] = await screen.findAllByRole('row');
    expect(cell(extensionRow!, texts.status)).toContain(texts.paidExtension);
    // An extension is extended again from the first order's page, not offered on its own.
    expect(screen.getAllByRole('button', { name: texts.offerExtension })).toHaveLength(1);
    fireEvent.click(within(row!).getByRole('button', { name: texts.offerExtension }));
    let dialog = await screen.findByRole('dialog', { name: texts.offerExtensionTitle });
    const price = within(dialog).getByLabelText(texts.extensionPrice);
    fireEvent.change(price, { target: { value: 'five' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.saveOffer }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(texts.extensionPriceInvalid);
    expect(offerExtension).not.toHaveBeenCalled();
    fireEvent.change(price, { target: { value: '4.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.saveOffer }));
    await vi.waitFor(() => expect(cell(screen.getAllByRole('row')[1]!, texts.status)).toContain('£4.50'));
    expect(offerExtension).toHaveBeenCalledWith({ orderId: completed.orderId }, { price: 4.5 });
    expect(cell(screen.getAllByRole('row')[1]!, texts.status)).toContain(texts.extensionOffered('£4.50'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: texts.changeExtension }));
    dialog = await screen.findByRole('dialog', { name: texts.offerExtensionTitle });
    expect((within(dialog).getByLabelText(texts.extensionPrice) as HTMLInputElement).value).toBe('4.50');
    fireEvent.change(within(dialog).getByLabelText(texts.extensionPrice), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.saveOffer }));
    await vi.waitFor(() => expect(cell(screen.getAllByRole('row')[1]!, texts.status)).not.toContain('£4.50'));
    expect(offerExtension).toHaveBeenLastCalledWith({ orderId: completed.orderId }, { price: null });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows what customers did with each link, read once for the orders on screen, zeros where nothing was counted', async () => {
    const second = order({ orderId: 'D1AAAAAAAAAAAAAAAAAAAA' });
    const counted = { opened: 3, photoViews: 12, singleDownloads: 2, zipDownloads: 1 };
    const orderActivity = vi.fn(async () => ({ activity: { [paid.orderId]: counted } }));
    renderPage([paid, second], { orderActivity });
    await vi.waitFor(() =>
      expect(cell(screen.getAllByRole('row')[1]!, texts.activity)).toBe(texts.activitySummary(counted)),
    );
    expect(cell(screen.getAllByRole('row')[2]!, texts.activity)).toBe(
      texts.activitySummary({ opened: 0, photoViews: 0, singleDownloads: 0, zipDownloads: 0 }),
    );
    expect(orderActivity).toHaveBeenCalledTimes(1);
    expect(orderActivity).toHaveBeenCalledWith({ orderIds: `${paid.orderId},${second.orderId}` });
  });

  it('keeps the list when the activity cannot be read, its column empty', async () => {
    const orderActivity = vi.fn(() => Promise.reject(new Error('offline')));
    renderPage([paid], { orderActivity });
    const [, row] = await screen.findAllByRole('row');
    await vi.waitFor(() => expect(orderActivity).toHaveBeenCalled());
    await new Promise((settled) => setTimeout(settled, 10));
    expect(cell(row!, texts.total)).toBe('£25.00');
    expect(cell(row!, texts.activity)).toBe('');
  });
});
