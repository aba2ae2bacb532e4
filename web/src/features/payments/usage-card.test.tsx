// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { paymentTexts as texts } from './texts';
import { advancedUser } from '../../testing/payment-test-user';
import { UsageCard } from './usage-card';

afterEach(cleanup);

it('shows the sales net of refunds and lost disputes, saying so, with the fees and payout timing', () => {
  const user = advancedUser();
  render(
    <UsageCard user={{ ...user, analytics: { totalPhotoCount: 0, totalOrderCount: 0, totalSales: 23.5 } }} />,
  );
  const card = screen.getByRole('article', { name: texts.usage });
  expect(card.textContent).toContain('£23.50');
  expect(screen.getByText(texts.totalSalesNote)).toBeTruthy();
  expect(screen.getByText(texts.feeAndPayout)).toBeTruthy();
});
