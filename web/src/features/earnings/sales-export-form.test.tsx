// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SALES_EXPORT_RANGE_TEXT } from '#shared/texts/sales-texts';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { SalesExportForm } from './sales-export-form';
import { earningsTexts as texts } from './texts';

afterEach(cleanup);

function renderForm() {
  const exportSales = vi.fn(async () => ({ url: 'https://files.example/sales.csv?signed', orders: 3 }));
  const services = fakeServices({ exportSales });
  render(
    <ServicesProvider services={services}>
      <SalesExportForm />
    </ServicesProvider>,
  );
  return { exportSales, assignLocation: services.assignLocation };
}

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SalesExportForm', () => {
  it('exports the chosen days and follows the signed link', async () => {
    const { exportSales, assignLocation } = renderForm();
    setDate(texts.from, '2026-01-01');
    setDate(texts.to, '2026-03-31');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: texts.exportButton }));
    });
    expect(exportSales).toHaveBeenCalledWith(undefined, { from: '2026-01-01', to: '2026-03-31' });
    expect(assignLocation).toHaveBeenCalledWith('https://files.example/sales.csv?signed');
    expect(screen.getByRole('status').textContent).toBe(texts.exported(3));
  });

  it('refuses an end before the start without a call', async () => {
    const { exportSales } = renderForm();
    setDate(texts.from, '2026-04-01');
    setDate(texts.to, '2026-03-31');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: texts.exportButton }));
    });
    expect(screen.getByRole('alert').textContent).toBe(SALES_EXPORT_RANGE_TEXT);
    expect(exportSales).not.toHaveBeenCalled();
  });
});
