// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { reminderTexts as texts } from './texts';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(cleanup);

const ORDER = 'AAAAAAAAAAAAAAAAAAAAAA';

function renderPage(path: string, unsubscribeReminders: ApiClient['unsubscribeReminders']) {
  render(
    <ServicesProvider services={fakeServices({ unsubscribeReminders })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/orders/:orderId/unsubscribe" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

describe('the reminder unsubscribe page', () => {
  it('turns the order’s reminders off once, says so and links the photos', async () => {
    const unsubscribe = vi.fn(async () => undefined);
    renderPage(`/orders/${ORDER}/unsubscribe?token=tok_123456789012345`, unsubscribe);
    expect(await screen.findByRole('heading', { name: texts.unsubscribedTitle })).toBeTruthy();
    expect(screen.getByText(texts.unsubscribed)).toBeTruthy();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(unsubscribe).toHaveBeenCalledWith({ orderId: ORDER, token: 'tok_123456789012345' });
    expect(screen.getByRole('link', { name: texts.viewPhotos }).getAttribute('href')).toBe(
      `/orders/${ORDER}`,
    );
  });

  it('shows the server’s refusal and lets the customer try again', async () => {
    const refusal = 'This unsubscribe link is not valid. Open the link from your latest reminder email.';
    const unsubscribe = vi
      .fn<ApiClient['unsubscribeReminders']>()
      .mockRejectedValueOnce(new ApiError(refusal, 404, 'Not Found'))
      .mockResolvedValueOnce(undefined);
    renderPage(`/orders/${ORDER}/unsubscribe?token=tok_123456789012345`, unsubscribe);
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    fireEvent.click(screen.getByRole('button', { name: texts.tryAgain }));
    expect(await screen.findByRole('heading', { name: texts.unsubscribedTitle })).toBeTruthy();
  });

  it('calls nothing for a link without its token', async () => {
    const unsubscribe = vi.fn(async () => undefined);
    renderPage(`/orders/${ORDER}/unsubscribe`, unsubscribe);
    expect((await screen.findByRole('alert')).textContent).toBe(texts.missingToken);
    expect(unsubscribe).not.toHaveBeenCalled();
  });
});
