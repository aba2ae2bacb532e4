// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom gives some of these elements other accessible names, so role queries miss.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { openCookiePreferences } from '../../lib/consent/consent-record';
import { ConsentController } from './consent-controller';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.head.innerHTML = '';
});

const stored = () => JSON.parse(localStorage.getItem('cookieConsentV2') ?? 'null') as unknown;

function renderController() {
  render(
    <MemoryRouter>
      <ConsentController />
    </MemoryRouter>,
  );
}

describe('cookie consent banner', () => {
  it('asks on a first visit; Reject Non-Essential stores the defaults and hides it', async () => {
    renderController();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Non-Essential' }));
    expect(stored()).toEqual({ functional: true, analytics: false, marketing: false });
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.scripts).toHaveLength(0);
  });

  it('stays away when a choice is stored, and comes back when reopened', async () => {
    localStorage.setItem(
      'cookieConsentV2',
      JSON.stringify({ functional: true, analytics: false, marketing: true }),
    );
    renderController();
    expect(screen.queryByRole('region')).toBeNull();
    act(() => openCookiePreferences());
    const region = await screen.findByRole('region', { name: 'We value your privacy' });
    expect(document.activeElement).toBe(region);

    fireEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const functional = screen.getByRole('checkbox', { name: /Functional/ }) as HTMLInputElement;
    expect(functional.checked && functional.disabled).toBe(true);
    // Starts from the stored choice.
    expect((screen.getByRole('checkbox', { name: /Marketing/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Marketing/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual({ functional: true, analytics: true, marketing: false });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('Accept All stores every category', async () => {
    renderController();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(stored()).toEqual({ functional: true, analytics: true, marketing: true });
  });
});
