// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

function renderFooter() {
  return render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

const year = new Date().getFullYear();

describe('with the company details set', () => {
  it('shows the legal name, registration line, address lines and social links', () => {
    vi.stubEnv('VITE_COMPANY_LEGAL_NAME', 'Example Photos Ltd');
    vi.stubEnv('VITE_COMPANY_REGISTRATION', 'Not a real company: no registration.');
    vi.stubEnv('VITE_COMPANY_ADDRESS', '1 Example Street|Example Town|Example Country');
    vi.stubEnv(
      'VITE_COMPANY_SOCIAL_LINKS',
      'Instagram=https://example.com/instagram|X=https://example.com/x',
    );
    const { container } = renderFooter();

    expect(screen.getByText('Example Photos Ltd')).toBeTruthy();
    expect(screen.getByText('Not a real company: no registration.')).toBeTruthy();
    const address = container.querySelector('address');
    expect([...address!.children].map((line) => line.textContent)).toEqual([
      '1 Example Street',
      'Example Town',
      'Example Country',
    ]);

    const social = screen.getByRole('list', { name: 'Shutterlane on social media' });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Instagram', 'https://example.com/instagram'],
      ['X', 'https://example.com/x'],
    ]);
    for (const link of links) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText(`© ${year} Example Photos Ltd. All rights reserved.`)).toBeTruthy();
    expect(container.firstElementChild!.className).toBe('footer-grid');
  });
});

describe('without them (the dev server and tests)', () => {
  it('shows the plainly unset texts, no address and no social list, the rest of the footer intact', () => {
    const { container } = renderFooter();

    expect(screen.getByText('Company name not set')).toBeTruthy();
    expect(screen.getByText('Company registration not set')).toBeTruthy();
    expect(screen.getByText(`© ${year} Company name not set. All rights reserved.`)).toBeTruthy();
    expect(container.querySelector('address')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Shutterlane on social media' })).toBeNull();
    // No empty column where the social list would be.
    expect(container.firstElementChild!.className).toBe('footer-grid footer-grid-no-social');

    expect(screen.getByRole('navigation', { name: 'Company and legal' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Use cases' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('button', { name: 'Change Cookie Preferences' })).toBeTruthy();
    // Every link has a name and a target: nothing empty is left behind.
    for (const link of screen.getAllByRole('link')) {
      expect(link.textContent?.trim()).not.toBe('');
      expect(link.getAttribute('href')).toBeTruthy();
    }
  });

  it('shows the address without social links, and social links without an address', () => {
    vi.stubEnv('VITE_COMPANY_ADDRESS', '1 Example Street');
    const first = renderFooter();
    expect(first.container.querySelector('address')?.textContent).toBe('1 Example Street');
    expect(screen.queryByRole('list', { name: 'Shutterlane on social media' })).toBeNull();
    cleanup();

    vi.stubEnv('VITE_COMPANY_ADDRESS', '');
    vi.stubEnv('VITE_COMPANY_SOCIAL_LINKS', 'X=https://example.com/x');
    const second = renderFooter();
    expect(second.container.querySelector('address')).toBeNull();
    expect(screen.getByRole('list', { name: 'Shutterlane on social media' })).toBeTruthy();
  });
});
