// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentEvent, ContentPage, UseCase } from './content-api';
import { EventPage } from './event-page';
import { LegalPage } from './legal-page';
import { UseCasePage } from './use-case-page';

const paragraph = (text: string) => [
  {
    _type: 'block',
    _key: 'p1',
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: 's1', text, marks: [] }],
  },
];

const TERMS: ContentPage = {
  title: 'Terms of Service',
  slug: 'terms',
  content: { en: paragraph('These terms apply to everyone.') },
  metaTitle: 'Terms of Service | Shutterlane',
  metaDescription: 'The agreement between Shutterlane and its users.',
  canonicalUrl: 'https://shutterlane.com/terms',
  lastUpdated: '2026-09-01',
};

const failing = () => Promise.reject(new Error('network down'));
const missing = () => Promise.resolve(null);

function renderAt(path: string, routePath: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath} element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  document.head.innerHTML = '';
});

describe('LegalPage', () => {
  it('shows the title, last-updated date and content, with the page meta from the content store', async () => {
    const load = vi.fn(() => Promise.resolve(TERMS));
    renderAt('/terms', '/terms', <LegalPage slug="terms" loadPage={load} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByText('These terms apply to everyone.')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('terms');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated: September 1, 2026');
    // The head is written after the page renders (its title first): waited for, meta included.
    await vi.waitFor(() => {
      expect(document.title).toBe('Terms of Service | Shutterlane');
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'The agreement between Shutterlane and its users.',
      );
    });
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shutterlane.com/terms',
    );
  });

  it("says 'Failed to load page.' when the content store cannot be read", async () => {
    renderAt('/privacy', '/privacy', <LegalPage slug="privacy" loadPage={failing} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load page.');
  });

  it("says 'Page not found' when no published page has the slug", async () => {
    renderAt('/privacy', '/privacy', <LegalPage slug="privacy" loadPage={missing} />);
    expect((await screen.findByRole('heading', { level: 1, name: 'Page not found' })).tagName).toBe('H1');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('UseCasePage', () => {
  const useCase: UseCase = {
    _id: 'useCase-dive-centres',
    title: 'Shutterlane for Dive Centres',
    slug: 'dive-centres',
    description: 'Sell every dive’s photos before your customers leave the boat.',
    body: paragraph('Dive centres run on tight schedules.'),
  };

  it('shows the title, description and body of the slug in the path', async () => {
    const load = vi.fn(() => Promise.resolve(useCase));
    renderAt('/use-cases/dive-centres', '/use-cases/:slug', <UseCasePage loadUseCase={load} />);
    expect(await screen.findByText('Dive centres run on tight schedules.')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('dive-centres');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shutterlane for Dive Centres');
    expect(screen.getByText(useCase.description!)).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Shutterlane for Dive Centres | Shutterlane'));
  });

  it("says 'Not found' for an unknown slug and 'Failed to load page.' on failure", async () => {
    renderAt('/use-cases/nope', '/use-cases/:slug', <UseCasePage loadUseCase={missing} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not found');
    cleanup();
    renderAt('/use-cases/nope', '/use-cases/:slug', <UseCasePage loadUseCase={failing} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load page.');
  });
});

describe('EventPage', () => {
  const event: ContentEvent = {
    _id: 'event-photo-business-summit-2026',
    title: 'Photo Business Summit 2026',
    slug: 'photo-business-summit-2026',
    date: '2026-11-18',
    description: 'Meet us in London.',
    body: paragraph('Join our talk.'),
  };

  it('shows the title, the formatted date, the description and the body', async () => {
    renderAt(
      '/events/photo-business-summit-2026',
      '/events/:slug',
      <EventPage loadEvent={() => Promise.resolve(event)} />,
    );
    expect(await screen.findByText('Join our talk.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Photo Business Summit 2026');
    expect(screen.getByText(/^Date:/).textContent).toBe('Date: November 18, 2026');
    expect(screen.getByText('Meet us in London.')).toBeTruthy();
  });

  it("says 'Not found' for an unknown slug and 'Failed to load page.' on failure", async () => {
    renderAt('/events/nope', '/events/:slug', <EventPage loadEvent={missing} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not found');
    cleanup();
    renderAt('/events/nope', '/events/:slug', <EventPage loadEvent={failing} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load page.');
  });
});
