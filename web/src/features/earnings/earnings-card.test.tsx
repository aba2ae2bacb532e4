// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesMonth, SalesSummary } from '#shared/schemas/sales';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { EarningsCard } from './earnings-card';
import { earningsTexts as texts } from './texts';

// The canvas chart needs a real browser (the e2e test draws it); here, what it was given.
vi.mock('./earnings-chart', () => ({
  default: ({ months }: { months: SalesMonth[] }) => <p>chart of {months.length} months</p>,
}));

afterEach(cleanup);

const month = (name: string, gross: number, orders: number): SalesMonth => ({
  month: name,
  grossMinor: gross,
  platformFeeMinor: Math.round(gross * 0.05),
  stripeFeeMinor: 40 * orders,
  refundedMinor: 0,
  disputedMinor: 0,
  netMinor: gross - Math.round(gross * 0.05) - 40 * orders,
  orders,
  averageOrderMinor: orders ? Math.round(gross / orders) : 0,
});

const SUMMARY: SalesSummary = {
  currencies: [
    {
      currency: 'GBP',
      months: [month('2026-10', 0, 0), month('2026-11', 3750, 2)],
      galleries: [{ id: 'g1', name: 'Race day', salesMinor: 3000, orders: 2 }],
      publicGalleries: [{ id: 'p1', name: '', salesMinor: 750, orders: 1 }],
    },
  ],
};

function renderCard(salesSummary: () => Promise<SalesSummary>) {
  render(
    <ServicesProvider services={fakeServices({ salesSummary: vi.fn(salesSummary) })}>
      <EarningsCard />
    </ServicesProvider>,
  );
}

describe('EarningsCard', () => {
  it('draws the months and lists them in a table, newest first, with the best sellers', async () => {
    renderCard(async () => SUMMARY);
    expect(await screen.findByText('chart of 2 months')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      Object.values(texts.columns).join(''),
      'Nov 2026£37.50£1.88£0.80£0.00£34.822£18.75',
      'Oct 2026£0.00£0.00£0.00£0.00£0.000£0.00',
    ]);
    const galleries = screen.getByRole('heading', { name: texts.bestGalleries }).parentElement!;
    expect(within(galleries).getByRole('listitem').textContent).toBe('Race day £30.00 2 orders');
    const publicOnes = screen.getByRole('heading', { name: texts.bestPublicGalleries }).parentElement!;
    expect(within(publicOnes).getByRole('listitem').textContent).toContain(texts.deletedGallery);
  });

  it('says so before any sale', async () => {
    renderCard(async () => ({ currencies: [] }));
    expect(await screen.findByText(texts.nothingYet)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fail = true;
    renderCard(async () => {
      if (fail) throw new Error('down');
      return SUMMARY;
    });
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: texts.retry }));
    expect(await screen.findByText('chart of 2 months')).toBeTruthy();
  });
});
