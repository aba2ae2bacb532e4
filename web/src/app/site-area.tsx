/**
 * The marketing and content pages behind one lazy chunk (like the seller area), so the entry chunk
 * that every customer route loads does not carry their route table and chunk lists. Each page is
 * still its own chunk. Any path no route claims ends here as 'Page Not Found'.
 */
import { Route, Routes } from 'react-router';
import { featureFlags } from '../config/feature-flags';
import { LEGAL_SLUGS } from './legal-slugs';
import { lazyPage } from './lazy-page';

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
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

export function SiteArea() {
  const flags = featureFlags();
  return (
    <Routes>
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
    </Routes>
  );
}
