// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../lib/services';
import { fakeServices } from '../testing/fake-services';
import { SiteNav } from './site-nav';

function renderNav() {
  render(
    <ServicesProvider services={fakeServices({})}>
      <MemoryRouter>
        <SiteNav />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('SiteNav', () => {
  it('signed out: the flagged links, Sign In and Get Started when pricing is shown', () => {
    vi.stubEnv('VITE_FLAG_FEATURES', 'true');
    vi.stubEnv('VITE_FLAG_PRICING', 'true');
    const nav = renderNav();
    expect(linkNames(nav)).toEqual([
      'Features',
      'Pricing',
      'Insights',
      'App & Features',
      'Support',
      'Sign In',
      'Get Started',
    ]);
    expect(within(nav).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/pricing');
  });

  it('without the features and pricing flags: no Features, Pricing or App & Features, and Join Waitlist', () => {
    vi.stubEnv('VITE_FLAG_FEATURES', 'false');
    vi.stubEnv('VITE_FLAG_PRICING', 'false');
    const nav = renderNav();
    expect(linkNames(nav)).toEqual(['Insights', 'Support', 'Sign In', 'Join Waitlist']);
    expect(within(nav).getByRole('link', { name: 'Join Waitlist' }).getAttribute('href')).toBe(
      '/register-interest',
    );
  });

  it('signed in (stored session): Dashboard and Sign Out', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'seller');
    const nav = renderNav();
    // The session's links are a chunk of their own (loaded only where a session is stored).
    expect(await within(nav).findByRole('link', { name: 'Dashboard' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('menu button: aria-expanded, focus into the menu, Escape closes and refocuses the button', () => {
    const nav = renderNav();
    const button = within(nav).getByRole('button', { name: 'Open menu' });
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).not.toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(document.activeElement?.textContent).toBe('Features');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the menu when a link in it is followed', () => {
    const nav = renderNav();
    const button = within(nav).getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    fireEvent.click(within(nav).getByRole('link', { name: 'Support' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('dark-mode toggle says what it does and stores the choice', () => {
    const nav = renderNav();
    fireEvent.click(within(nav).getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(within(nav).getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
  });
});
