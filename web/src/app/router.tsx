/**
 * The routes. Every page is its own lazily loaded chunk, so a customer opening an order link from a QR
 * code downloads the app shell plus the order screen and nothing else (seller pages, and Amplify with
 * them, will load only on seller routes).
 */
import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';
import { featureFlags } from '../config/feature-flags';
import { LEGAL_SLUGS } from './legal-slugs';
import { SELLER_PATHS } from './seller-paths';

/** A lazily loaded page from a module's named export. */
function lazyPage<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

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
const FeaturesPage = lazyPage(() => import('../features/product-pages/features-page'), 'FeaturesPage');
const HowPaymentsWorkPage = lazyPage(
  () => import('../features/product-pages/payments-guide-page'),
  'HowPaymentsWorkPage',
);
const PhotoUploadGuidePage = lazyPage(
  () => import('../features/product-pages/upload-guide-page'),
  'PhotoUploadGuidePage',
);
const GrowthAnalyticsPage = lazyPage(
  () => import('../features/product-pages/growth-page'),
  'GrowthAnalyticsPage',
);
const InsightsPage = lazyPage(() => import('../features/insights/insights-page'), 'InsightsPage');
const ArticlePage = lazyPage(() => import('../features/insights/article-page'), 'ArticlePage');
const AuthorPage = lazyPage(() => import('../features/insights/author-page'), 'AuthorPage');
const SupportPage = lazyPage(() => import('../features/support/support-page'), 'SupportPage');
const LegalPage = lazyPage(() => import('../features/content-pages/legal-page'), 'LegalPage');
const UseCasePage = lazyPage(() => import('../features/content-pages/use-case-page'), 'UseCasePage');
const EventPage = lazyPage(() => import('../features/content-pages/event-page'), 'EventPage');
const RegisterInterestPage = lazyPage(
  () => import('../features/register-interest/register-interest-page'),
  'RegisterInterestPage',
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  const flags = featureFlags();
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
        {flags.features && <Route path="features" element={<FeaturesPage />} />}
        {flags.features && <Route path="app" element={<FeaturesPage />} />}
        <Route path="how-payments-work" element={<HowPaymentsWorkPage />} />
        <Route path="photo-upload-guide" element={<PhotoUploadGuidePage />} />
        <Route path="growth-analytics" element={<GrowthAnalyticsPage />} />
        <Route path="insights" element={<InsightsPage />} />
        <Route path="insights/author/:authorName" element={<AuthorPage />} />
        <Route path="insights/:slug" element={<ArticlePage />} />
        <Route path="use-cases/:slug" element={<UseCasePage />} />
        <Route path="events/:slug" element={<EventPage />} />
        {LEGAL_SLUGS.map((slug) => (
          <Route key={slug} path={slug} element={<LegalPage slug={slug} />} />
        ))}
        <Route path="support" element={<SupportPage />} />
        {flags.waitingList && <Route path="register-interest" element={<RegisterInterestPage />} />}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
