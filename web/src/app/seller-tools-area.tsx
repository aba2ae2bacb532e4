/**
 * The seller's web tools (galleries, uploads, orders) behind the session guard, each page its own lazy
 * chunk. Shown to every signed-in seller: the albums-and-orders tools are on by default (there is no
 * feature-flag module in the SPA, so nothing else gates them).
 */
import { lazy, useEffect } from 'react';
import { EarningsNote } from '../features/payments/earnings-note';
import { RequireSeller } from './auth-guards';

const GalleriesPage = lazy(() =>
  import('../features/seller-galleries/galleries-page').then((m) => ({ default: m.GalleriesPage })),
);
const GalleryPage = lazy(() =>
  import('../features/seller-galleries/gallery-page').then((m) => ({ default: m.GalleryPage })),
);
const OrdersPage = lazy(() =>
  import('../features/seller-orders/orders-page').then((m) => ({ default: m.OrdersPage })),
);

const PAGES = { galleries: GalleriesPage, gallery: GalleryPage, orders: OrdersPage } as const;

export function SellerToolsArea({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  // The seller area is an installable app (its manifest and offline shell); customer pages are not. A
  // lazy import: a module both areas imported would be one more file named in the entry chunk.
  useEffect(() => void import('./seller-app/install-seller-app').then((m) => m.installSellerApp()), []);
  return (
    <RequireSeller minRole={page === 'orders' ? 'manager' : undefined}>
      <Page />
      {/* The orders list is the seller's earnings view: the fee and the payout timing go with it. */}
      {page === 'orders' && <EarningsNote />}
    </RequireSeller>
  );
}
