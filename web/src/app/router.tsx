/**
 * The routes. Every page is its own lazily loaded chunk, so a customer opening an order link from a QR
 * code downloads the app shell plus the order screen and nothing else (seller pages, and Amplify with
 * them, will load only on seller routes).
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';
import { SELLER_PATHS } from './seller-paths';

const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));
const OrderRoute = lazy(() => import('./order-route').then((m) => ({ default: m.OrderRoute })));
const CheckoutSuccessPage = lazy(() =>
  import('../features/checkout-result/success-page').then((m) => ({ default: m.CheckoutSuccessPage })),
);
const CheckoutCancelPage = lazy(() =>
  import('../features/checkout-result/cancel-page').then((m) => ({ default: m.CheckoutCancelPage })),
);
const CheckoutOrderRedirect = lazy(() =>
  import('../features/checkout-result/checkout-order-redirect').then((m) => ({
    default: m.CheckoutOrderRedirect,
  })),
);
const SellerArea = lazy(() => import('./seller-area').then((m) => ({ default: m.SellerArea })));
const SellerToolsArea = lazy(() =>
  import('./seller-tools-area').then((m) => ({ default: m.SellerToolsArea })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="orders" element={<OrderRoute />} />
        <Route path="orders/:orderId" element={<OrderRoute />} />
        <Route path="checkout/success/:orderId" element={<CheckoutSuccessPage />} />
        <Route path="checkout/cancel" element={<CheckoutCancelPage />} />
        <Route path="checkout/:orderId" element={<CheckoutOrderRedirect />} />
        <Route path="galleries" element={<SellerToolsArea page="galleries" />} />
        <Route path="galleries/:galleryId" element={<SellerToolsArea page="gallery" />} />
        <Route path="seller-orders" element={<SellerToolsArea page="orders" />} />
        {SELLER_PATHS.map((path) => (
          <Route key={path} path={path} element={<SellerArea />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
