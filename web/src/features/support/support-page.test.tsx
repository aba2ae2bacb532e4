// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupportPage } from './support-page';
import { groupFaqsByCategory, type SupportCategory, type SupportFaq } from './support-faqs';
import { expectOneOpenAtATime } from '../../testing/accordion';

const contacts = {
  portalUrl: 'https://help.shutterlane.test/',
  supportEmail: 'support@shutterlane.test',
  billingEmail: 'billing@shutterlane.test',
};

const faq = (category: string, n: number): SupportFaq => ({
  _id: `faq-${category}-${n}`,
  category,
  question: { en: `${category} question ${n}?` },
  answer: {
    en: [
      {
        _type: 'block',
        _key: `${category}${n}`,
        style: 'normal',
        markDefs: [],
        children: [{ _type: 'span', _key: 's', text: `${category} answer ${n}.`, marks: [] }],
      },
    ],
  },
});

const CATEGORIES = groupFaqsByCategory(
  ['general', 'account', 'technical', 'product', 'shipping', 'returns', 'partners'].flatMap((c) => [
    faq(c, 1),
    faq(c, 2),
  ]),
);

function renderPage(
  options: {
    path?: string;
    loadFaqs?: () => Promise<SupportCategory[]>;
    copyText?: (text: string) => Promise<boolean>;
  } = {},
) {
  const { path = '/support', loadFaqs = () => Promise.resolve(CATEGORIES), copyText } = options;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SupportPage loadFaqs={loadFaqs} contacts={contacts} {...(copyText && { copyText })} />
    </MemoryRouter>,
  );
}

const scrollIntoView = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  scrollIntoView.mockReset();
  vi.useRealTimers();
});

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('SupportPage', () => {
  it('shows loading, then the category tabs in order with account selected', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading FAQs…');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Account Lifecycle',
      'Data Lifecycle & Privacy',
      'General Support',
      'Product',
      'Shipping',
      'Returns',
      'partners',
    ]);
    expect(selectedTab().textContent).toBe('Account Lifecycle');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(screen.getByRole('button', { name: 'account question 1?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'general question 1?' })).toBeNull();
    expect(tabs[0]!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it("says 'Failed to load FAQs. Please try again later.' and still offers the portal and mailboxes", async () => {
    renderPage({ loadFaqs: () => Promise.reject(new Error('Failed to fetch FAQs')) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load FAQs. Please try again later.',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: /Visit the Support Portal/ }).getAttribute('href')).toBe(
      'https://help.shutterlane.test/',
    );
    expect(screen.getByRole('link', { name: 'support@shutterlane.test' }).getAttribute('href')).toBe(
      'mailto:support@shutterlane.test',
    );
    expect(screen.getByRole('link', { name: 'billing@shutterlane.test' }).getAttribute('href')).toBe(
      'mailto:billing@shutterlane.test',
    );
  });

  it('switches tabs by click and by arrow, Home and End keys', async () => {
    renderPage();
    await screen.findAllByRole('tab');
    fireEvent.click(screen.getByRole('tab', { name: 'Shipping' }));
    expect(selectedTab().textContent).toBe('Shipping');
    expect(screen.getByRole('button', { name: 'shipping question 1?' })).toBeTruthy();
    fireEvent.keyDown(selectedTab(), { key: 'ArrowRight' });
    expect(selectedTab().textContent).toBe('Returns');
    expect(document.activeElement).toBe(selectedTab());
    fireEvent.keyDown(selectedTab(), { key: 'End' });
    fireEvent.keyDown(selectedTab(), { key: 'ArrowRight' });
    expect(selectedTab().textContent).toBe('Account Lifecycle');
    fireEvent.keyDown(selectedTab(), { key: 'ArrowLeft' });
    expect(selectedTab().textContent).toBe('partners');
    fireEvent.keyDown(selectedTab(), { key: 'Home' });
    expect(selectedTab().textContent).toBe('Account Lifecycle');
  });

  it('opens one item at a time', async () => {
    renderPage();
    const first = await screen.findByRole('button', { name: 'account question 1?' });
    const second = screen.getByRole('button', { name: 'account question 2?' });
    expectOneOpenAtATime(first, second, 'account answer 1.');
  });

  it('opens the FAQ a hash names in its tab and scrolls to it', async () => {
    renderPage({ path: '/support#technical-faq-technical-2' });
    const linked = await screen.findByRole('button', { name: 'technical question 2?' });
    expect(selectedTab().textContent).toBe('Data Lifecycle & Privacy');
    expect(linked.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'technical question 1?' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    // Scrolling and focus follow in an effect, after the render the FAQs arrived with (a transition,
    // so the effect may run a moment after the questions are found).
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('technical-faq-technical-2'));
    expect(document.activeElement).toBe(linked);
  });

  it('ignores a hash that names no FAQ', async () => {
    renderPage({ path: '/support#technical-faq-technical-9' });
    await screen.findAllByRole('tab');
    expect(selectedTab().textContent).toBe('Account Lifecycle');
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it("copies the item's full URL and says 'Link copied' for a moment", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const copyText = vi.fn(() => Promise.resolve(true));
    renderPage({ copyText });
    fireEvent.click(await screen.findByRole('tab', { name: 'General Support' }));
    fireEvent.click(screen.getByRole('button', { name: 'general question 2?' }));
    const item = document.getElementById('general-faq-general-2')!;
    const copy = item.querySelector<HTMLButtonElement>('.support-copy-button')!;
    expect(copy.textContent).toBe('Copy Link');
    await act(async () => fireEvent.click(copy));
    expect(copyText).toHaveBeenCalledWith(`${window.location.origin}/support#general-faq-general-2`);
    expect(item.querySelector('[role="status"]')?.textContent).toBe('Link copied');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(item.querySelector('[role="status"]')?.textContent).toBe('');
  });

  it('says where the link is when copying fails', async () => {
    renderPage({ copyText: () => Promise.resolve(false) });
    fireEvent.click(await screen.findByRole('button', { name: 'account question 1?' }));
    const item = document.getElementById('account-faq-account-1')!;
    await act(async () => fireEvent.click(item.querySelector('.support-copy-button')!));
    expect(item.querySelector('[role="status"]')?.textContent).toBe(
      'Could not copy: the link is now in the address bar.',
    );
  });
});
