/**
 * The earnings chart: sales and net by month as bars (Chart.js, only the parts a bar chart needs, loaded
 * with this module when the dashboard shows it). The canvas is a picture of the table beside it, which
 * is what screen readers read.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { fromMinorUnits } from '#shared/rules/money';
import type { SalesMonth } from '#shared/schemas/sales';
import { formatMinor, monthLabel } from './money';
import { earningsTexts as texts } from './texts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export default function EarningsChart({ months, currency }: { months: SalesMonth[]; currency: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(canvas.current);
    const accent = styles.getPropertyValue('--accent').trim() || '#1d4ed8';
    const muted = styles.getPropertyValue('--muted').trim() || '#4b5563';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: months.map((month) => monthLabel(month.month)),
        datasets: [
          {
            label: texts.sales,
            data: months.map((month) => fromMinorUnits(month.grossMinor, currency)),
            backgroundColor: muted,
          },
          {
            label: texts.net,
            data: months.map((month) => fromMinorUnits(month.netMinor, currency)),
            backgroundColor: accent,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label ?? ''}: ${formatMinor(
                  item.datasetIndex === 0
                    ? months[item.dataIndex]!.grossMinor
                    : months[item.dataIndex]!.netMinor,
                  currency,
                )}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [months, currency]);
  return (
    <div className="earnings-chart">
      <canvas ref={canvas} role="img" aria-label={texts.chartLabel(currency)} />
    </div>
  );
}
