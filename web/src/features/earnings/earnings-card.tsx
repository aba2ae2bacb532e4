/**
 * The dashboard's earnings over time (a manager's and the owner's): per currency sold in, a chart of the
 * last twelve months' sales and net, the same figures as a table (what screen readers read), and the
 * best-selling galleries and public galleries. Everything comes from one call (GET /sales), which reads
 * the sales counters, never the orders; below it, the CSV export of the sales.
 */
import { lazy, Suspense } from 'react';
import type { BestSeller, CurrencySales } from '#shared/schemas/sales';
import { ErrorMessage } from '../../components/error-message';
import { Progress } from '../../components/progress';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { formatMinor, monthLabel } from './money';
import { SalesExportForm } from './sales-export-form';
import { earningsTexts as texts } from './texts';
import './earnings.css';

const EarningsChart = lazy(() => import('./earnings-chart'));

function MonthTable({ sales }: { sales: CurrencySales }) {
  const money = (minor: number) => formatMinor(minor, sales.currency);
  const { columns } = texts;
  return (
    <details className="earnings-figures">
      <summary>{texts.figures}</summary>
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">{texts.caption(sales.currency)}</caption>
          <thead>
            <tr>
              {Object.values(columns).map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...sales.months].reverse().map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{money(month.grossMinor)}</td>
                <td>{money(month.platformFeeMinor)}</td>
                <td>{money(month.stripeFeeMinor)}</td>
                <td>{money(month.refundedMinor + month.disputedMinor)}</td>
                <td>{money(month.netMinor)}</td>
                <td>{month.orders}</td>
                <td>{money(month.averageOrderMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function BestSellers({ title, items, currency }: { title: string; items: BestSeller[]; currency: string }) {
  if (items.length === 0) return null;
  return (
    <div className="earnings-best">
      <h3>{title}</h3>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <span>{item.name || texts.deletedGallery}</span>{' '}
            <strong>{formatMinor(item.salesMinor, currency)}</strong>{' '}
            <span className="hint">{texts.ordersCount(item.orders)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function CurrencyEarnings({ sales }: { sales: CurrencySales }) {
  return (
    <section aria-label={sales.currency}>
      <Suspense fallback={<div className="earnings-chart" />}>
        <EarningsChart months={sales.months} currency={sales.currency} />
      </Suspense>
      <MonthTable sales={sales} />
      <BestSellers title={texts.bestGalleries} items={sales.galleries} currency={sales.currency} />
      <BestSellers
        title={texts.bestPublicGalleries}
        items={sales.publicGalleries}
        currency={sales.currency}
      />
    </section>
  );
}

export function EarningsCard() {
  const { api } = useServices();
  const summary = useQuery({ key: ['sales-summary'], load: () => api.salesSummary() });
  return (
    <article className="card earnings-card" aria-labelledby="earnings-title">
      <h2 id="earnings-title">{texts.title}</h2>
      <p className="hint">{texts.intro}</p>
      {summary.status === 'loading' && <Progress label={texts.loading} />}
      {summary.status === 'error' && !summary.data && (
        <>
          <ErrorMessage message={texts.loadFailed} />
          <button type="button" className="button" onClick={() => summary.refetch()}>
            {texts.retry}
          </button>
        </>
      )}
      {summary.data?.currencies.length === 0 && <p>{texts.nothingYet}</p>}
      {summary.data?.currencies.map((sales) => (
        <CurrencyEarnings key={sales.currency} sales={sales} />
      ))}
      <SalesExportForm />
    </article>
  );
}
