// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityFunnel } from './activity-funnel';

describe("a public gallery's funnel", () => {
  it('lists each step with its count and share of the openings, in order, readable as text', () => {
    render(<ActivityFunnel activity={{ opened: 8, photoViews: 20, selfieSearches: 4, picks: 2, paid: 1 }} />);
    const list = screen.getByRole('list');
    const steps = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'Opened 8',
      'Photos viewed 20 (100% of openings)',
      'Selfie searches 4 (50% of openings)',
      'Picks 2 (25% of openings)',
      'Paid 1 (13% of openings)',
    ]);
    expect(screen.getByRole('heading', { name: 'What customers did' })).toBeTruthy();
    expect(screen.getByText('Counts only: no cookie and nothing about who the customers are.')).toBeTruthy();
    const paidBar = screen.getByTestId('funnel-paid').querySelector<HTMLElement>('.activity-funnel-bar span');
    expect(paidBar?.style.width).toBe('13%');
  });
});
