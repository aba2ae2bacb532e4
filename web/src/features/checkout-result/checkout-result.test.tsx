// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LocationProbe } from '../../testing/location-probe';
import { CheckoutCancelPage } from './cancel-page';
import { CheckoutOrderRedirect } from './checkout-order-redirect';
import { CheckoutSuccessPage } from './success-page';

const ORDER_ID = 'order_12345678';

function renderAt(entries: string[]) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/checkout/success/:orderId" element={<CheckoutSuccessPage />} />
        <Route path="/checkout/cancel" element={<CheckoutCancelPage />} />
        <Route path="/checkout/:orderId" element={<CheckoutOrderRedirect />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('/checkout/success/{orderId}', () => {
  it('thanks the customer, shows the order id, what happens next and the link to the photos', () => {
    renderAt([`/checkout/success/${ORDER_ID}`]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You!');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByText(ORDER_ID)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('What happens next?');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items.some((text) => text?.includes('30 days'))).toBe(true);
    expect(screen.getByRole('link', { name: 'View My Photos' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds the email sentence with emailError=true, and only then', () => {
    renderAt([`/checkout/success/${ORDER_ID}?emailError=true`]);
    expect(screen.getByRole('alert').textContent).toBe(
      'There was an issue sending your confirmation email. Please make a note of your order ID for reference.',
    );
    cleanup();
    renderAt([`/checkout/success/${ORDER_ID}?emailError=false`]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/checkout/cancel', () => {
  it('says no charges were made and offers Return to Homepage', () => {
    renderAt(['/checkout/cancel']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Cancelled');
    expect(screen.getByText(/no charges were made/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it("'Try Again' goes back in history", async () => {
    renderAt([`/orders/${ORDER_ID}`, '/checkout/cancel']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/orders/${ORDER_ID}`));
    expect(screen.getByTestId('navigation-type').textContent).toBe('POP');
  });
});

describe('/checkout/{orderId}', () => {
  it('opens the order instead, replacing history', async () => {
    renderAt([`/checkout/${ORDER_ID}`]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/orders/${ORDER_ID}`));
    expect(screen.getByTestId('navigation-type').textContent).toBe('REPLACE');
  });
});
