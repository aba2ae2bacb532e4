/**
 * What opening an order costs a customer's phone: the calls the order page makes to `/api/public/orders/…`
 * and the human checks it runs (tokens asked of the reCAPTCHA stand-in), from navigation until the page
 * shows what the order needs: the fulfilled demo order's photos, the free demo order's email step, the paid
 * demo order's redirect to the (emulated) Stripe Checkout. Headless Chromium, the production build.
 * Before the one-call open, the spec's load sequence made two calls with two checks for every order not
 * fulfilled (the fulfilled-order call's 409, then the order check) and one of each for a fulfilled one.
 * Now one call opens every order with no check: an order waiting for payment shows its steps; a fulfilled
 * one its grid of thumbnails. The check guards the photos themselves: the first tap on a photo runs it and
 * the fulfilled-order call, counted apart ("first tap").
 */
import type { Page } from 'playwright-core';
import { API_BASE } from '#shared/contract/route-paths';
import { launchBrowser } from '@shutterlane/harness/browser';
import type { TestStack } from '@shutterlane/harness/local-stack';
import type { BenchSection } from '../summary';

const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true } as const;

export interface OrderOpen {
  order: 'fulfilled' | 'free' | 'paid';
  calls: number;
  checks: number;
  /** Calls and checks as the spec's load sequence made them (the issue that replaced it measured them). */
  before: { calls: number; checks: number };
  /** The fulfilled order's first tap on a photo: the check and the call that bring the photos. */
  firstTap?: { calls: number; checks: number };
}

const isOrderCall = (url: string) => new URL(url).pathname.startsWith(`${API_BASE}/public/orders/`);
const isCheck = (url: string) => new URL(url).pathname === '/token';

/** Counts the order calls and checks the page makes from now on. */
function counting(page: Page) {
  const seen = { calls: 0, checks: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (isOrderCall(request.url())) seen.calls++;
    else if (isCheck(request.url())) seen.checks++;
  });
  return seen;
}

/** The fulfilled order's first tap: the viewer opens and the photos' call answers. */
async function countFirstTap(page: Page) {
  const seen = counting(page);
  const photos = page.waitForResponse((response) => response.url().endsWith('/photos'));
  await page.getByRole('button', { name: /^Open photo 1 of/ }).tap();
  await photos;
  return seen;
}

export async function measureOrderOpen(env: TestStack): Promise<OrderOpen[]> {
  const browser = await launchBrowser();
  const app = env.stack.urls.app;
  const { orders } = env.demo;
  const stripeOrigin = new URL(env.stack.urls.stripe).origin;
  try {
    const open = async (
      order: OrderOpen['order'],
      id: string,
      shown: (page: Page) => Promise<unknown>,
    ): Promise<OrderOpen> => {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const seen = counting(page);
      await page.goto(`${app}/orders/${id}`);
      await shown(page);
      const opened = { ...seen };
      const firstTap = order === 'fulfilled' ? await countFirstTap(page) : undefined;
      await context.close();
      const before = order === 'fulfilled' ? { calls: 1, checks: 1 } : { calls: 2, checks: 2 };
      return { order, ...opened, before, ...(firstTap && { firstTap }) };
    };
    return [
      await open('fulfilled', orders.fulfilled.id, (page) =>
        page.getByRole('heading', { level: 1, name: 'Your Photos', exact: true }).waitFor(),
      ),
      await open('free', orders.free.id, (page) =>
        page.getByRole('heading', { level: 1, name: 'Enter Your Email', exact: true }).waitFor(),
      ),
      await open('paid', orders.paid.id, (page) =>
        page.waitForURL((url) => url.origin === stripeOrigin, { timeout: 30_000 }),
      ),
    ];
  } finally {
    await browser.close();
  }
}

/** What opening each order may cost: one call, no check (the photos' check waits for the first tap). */
const TARGET: Record<OrderOpen['order'], { calls: number; checks: number }> = {
  fulfilled: { calls: 1, checks: 0 },
  free: { calls: 1, checks: 0 },
  paid: { calls: 1, checks: 0 },
};

export function orderOpenSection(opens: OrderOpen[]): BenchSection {
  // The first tap brings the photos with one check and one call, no more.
  const tapOver = (open: OrderOpen) =>
    open.firstTap !== undefined && (open.firstTap.calls > 1 || open.firstTap.checks > 1);
  const over = opens.filter(
    (open) =>
      open.calls > TARGET[open.order].calls || open.checks > TARGET[open.order].checks || tapOver(open),
  );
  const met = over.length === 0;
  const figures = (open: OrderOpen) => `${open.order} ${open.calls} call(s), ${open.checks} check(s)`;
  const tap = (open: OrderOpen) =>
    open.firstTap ? `${open.firstTap.calls} call(s), ${open.firstTap.checks} check(s)` : '–';
  return {
    lines: [
      '## Opening an order',
      '',
      'Calls to `/api/public/orders/…` and human checks from navigation to what the order needs, in headless',
      "Chromium at 375 px (production build). Before: the spec's load sequence (the fulfilled-order call first).",
      'The human check guards the photos themselves: every order opens with one call and no check (a fulfilled',
      'order with its thumbnails); the first tap on a photo runs the check and the call that signs the photos.',
      '',
      '| order | calls (before) | human checks (before) | first tap on a photo |',
      '|---|---:|---:|---|',
      ...opens.map(
        (open) =>
          `| ${open.order} | ${open.calls} (${open.before.calls}) | ${open.checks} (${open.before.checks}) | ${tap(open)} |`,
      ),
      '',
    ],
    summary: [
      {
        figure: 'order page: calls and human checks to open an order (fulfilled, free, paid)',
        target: 'every order: 1 call, no check (the photos: 1 check at the first tap)',
        now: `${opens.map(figures).join('; ')} (before: 2 calls and 2 checks for an unpaid order)`,
        met,
        gate: true,
        ...(!met && {
          cause: `${over.map((open) => open.order).join(', ')} made more calls or checks: see "Opening an order"`,
        }),
      },
    ],
  };
}
