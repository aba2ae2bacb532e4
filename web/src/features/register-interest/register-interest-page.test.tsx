// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { RegisterInterestPage } from './register-interest-page';
import { waitlistMailto } from './waitlist-mail';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

it('prefills the subject and a body that asks for the business type', () => {
  const url = new URL(waitlistMailto('support@shutterlane.test'));
  expect(url.protocol).toBe('mailto:');
  expect(url.pathname).toBe('support@shutterlane.test');
  expect(url.search).not.toContain('+');
  expect(url.searchParams.get('subject')).toBe('Shutterlane waiting list');
  expect(url.searchParams.get('body')).toContain('My business type');
});

it('invites the visitor to email the support mailbox', () => {
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
  render(
    <MemoryRouter initialEntries={['/register-interest']}>
      <RegisterInterestPage email="support@shutterlane.test" />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join the Waitlist');
  expect(screen.getByRole('link', { name: 'Email us to join the waitlist' }).getAttribute('href')).toBe(
    waitlistMailto('support@shutterlane.test'),
  );
  expect(screen.getByRole('link', { name: 'support@shutterlane.test' }).getAttribute('href')).toBe(
    'mailto:support@shutterlane.test',
  );
  expect(document.title).toBe('Join the Waitlist | Shutterlane');
});
