/**
 * The routes. Every page is its own lazily loaded chunk, so a customer opening an order link from a QR
 * code downloads the app shell plus the order screen and nothing else. The seller pages (and Amplify
 * with them) and the marketing pages each sit behind one more lazy chunk with their own route table,
 * so the entry chunk carries only the customer routes and those two areas.
 */
import { Route, Routes } from 'react-router';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { SELLER_PATHS } from './seller-paths';

const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const OrderRoute = lazyPage(() => import('./order-route'), 'OrderRoute');
const CheckoutSuccessPage = lazyPage(
  () => import('../features/checkout-result/success-page'),
  'CheckoutSuccessPage',
);
const CheckoutCancelPage = lazyPage(
  () => import('../features/checkout-result/cancel-page'),
  'CheckoutCancelPage',
);
const CheckoutOrderRedirect = lazyPage(
  () => import('../features/checkout-result/checkout-order-redirect'),
  'CheckoutOrderRedirect',
);
const PublicGalleryPage = lazyPage(
  () => import('../features/public-gallery/public-gallery-page'),
  'PublicGalleryPage',
);
const UnsubscribePage = lazyPage(() => import('../features/reminders/unsubscribe-page'), 'UnsubscribePage');
const SellerArea = lazyPage(() => import('./seller-area'), 'SellerArea');
const SellerToolsArea = lazyPage(() => import('./seller-tools-area'), 'SellerToolsArea');
const SiteArea = lazyPage(() => import('./site-area'), 'SiteArea');

/**
 * The pages whose first screen index.html draws before the app (its early shell script; same addresses):
 * the app starts once the page has loaded, so its first render replaces that screen with the page itself.
 */
const SHELLED_PAGES: [RegExp, { preload(): Promise<void> }][] = [
  [/^\/orders\/[^/]+\/?$/, OrderRoute],
  [/^\/checkout\/success\/[^/]+\/?$/, CheckoutSuccessPage],
  [/^\/checkout\/cancel\/?$/, CheckoutCancelPage],
];

/** Loads the page of a shelled address (undefined elsewhere); a failed load is left to the page's own. */
export function preloadShelledPage(pathname: string): Promise<void> | undefined {
  const page = SHELLED_PAGES.find(([address]) => address.test(pathname))?.[1];
  return page?.preload().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="orders" element={<OrderRoute />} />
        <Route path="orders/:orderId" element={<OrderRoute />} />
        <Route path="orders/:orderId/unsubscribe" element={<UnsubscribePage />} />
        <Route path="checkout/success/:orderId" element={<CheckoutSuccessPage />} />
        <Route path="checkout/cancel" element={<CheckoutCancelPage />} />
        <Route path="checkout/:orderId" element={<CheckoutOrderRedirect />} />
        <Route path="g/:publicId" element={<PublicGalleryPage />} />
        <Route path="galleries" element={<SellerToolsArea page="galleries" />} />
        <Route path="galleries/:galleryId" element={<SellerToolsArea page="gallery" />} />
        <Route path="seller-orders" element={<SellerToolsArea page="orders" />} />
        {SELLER_PATHS.map((path) => (
          <Route key={path} path={path} element={<SellerArea />} />
        ))}
        <Route path="*" element={<SiteArea />} />
      </Route>
    </Routes>
  );
}
