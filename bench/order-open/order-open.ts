/**
 * What opening an order costs a customer's phone: the calls the order page makes to `/api/public/orders/…`
 * and the human checks it runs (tokens asked of the reCAPTCHA stand-in), from navigation until the page
 * shows what the order needs: the fulfilled demo order's photos, the free demo order's email step, the paid
 * demo order's redirect to the (emulated) Stripe Checkout. Headless Chromium, the production build.
 * Before the one-call open, the spec's load sequence made two calls with two checks for every order not
 * fulfilled (the fulfilled-order call's 409, then the order check) and one of each for a fulfilled one.
 * Now the check guards the photos only: an order waiting for payment opens with one call and no check; a
 * fulfilled one with a first call that answers `check`, the check, and the call with its token.
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
}

const isOrderCall = (url: string) => new URL(url).pathname.startsWith(`${API_BASE}/public/orders/`);
const isCheck = (url: string) => new URL(url).pathname === '/token';

async function countOpen(page: Page, url: string, shown: () => Promise<unknown>) {
  const seen = { calls: 0, checks: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (isOrderCall(request.url())) seen.calls++;
    else if (isCheck(request.url())) seen.checks++;
  });
  await page.goto(url);
  await shown();
  return seen;
}

export async function measureOrderOpen(env: TestStack): Promise<OrderOpen[]> {
  const browser = await launchBrowser();
  const app = env.stack.urls.app;
  const { orders } = env.demo;
  const stripeOrigin = new URL(env.stack.urls.stripe).origin;
  try {
    const open = async (order: OrderOpen['order'], id: string, shown: (page: Page) => Promise<unknown>) => {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const seen = await countOpen(page, `${app}/orders/${id}`, () => shown(page));
      await context.close();
      const before = order === 'fulfilled' ? { calls: 1, checks: 1 } : { calls: 2, checks: 2 };
      return { order, ...seen, before };
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

/** What each order may cost: the photos one check and the call it unlocks; the way to pay, one call. */
const TARGET: Record<OrderOpen['order'], { calls: number; checks: number }> = {
  fulfilled: { calls: 2, checks: 1 },
  free: { calls: 1, checks: 0 },
  paid: { calls: 1, checks: 0 },
};

export function orderOpenSection(opens: OrderOpen[]): BenchSection {
  const over = opens.filter(
    (open) => open.calls > TARGET[open.order].calls || open.checks > TARGET[open.order].checks,
  );
  const met = over.length === 0;
  const figures = (open: OrderOpen) => `${open.order} ${open.calls} call(s), ${open.checks} check(s)`;
  return {
    lines: [
      '## Opening an order',
      '',
      'Calls to `/api/public/orders/…` and human checks from navigation to what the order needs, in headless',
      "Chromium at 375 px (production build). Before: the spec's load sequence (the fulfilled-order call first).",
      'The human check guards the photos: an order waiting for payment opens with no check, and a fulfilled',
      "order's first call answers that a check is needed before the call that signs its photos.",
      '',
      '| order | calls (before) | human checks (before) |',
      '|---|---:|---:|',
      ...opens.map(
        (open) =>
          `| ${open.order} | ${open.calls} (${open.before.calls}) | ${open.checks} (${open.before.checks}) |`,
      ),
      '',
    ],
    summary: [
      {
        figure: 'order page: calls and human checks to open an order (fulfilled, free, paid)',
        target: 'unpaid: 1 call, no check; fulfilled: 1 check (2 calls)',
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
