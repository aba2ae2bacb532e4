/**
 * The entry of /orders/{orderId} (our product decision): the page opens the order with one call. A
 * fulfilled order shows 'Your Photos'; any other order is handed to `fallback` (the order-access steps,
 * composed by web/src/app). The loading, robot-check, error and
 * not-found states are the gallery's of the public document (sections 2, 4 and 8).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { galleryErrors } from '#shared/texts/gallery-errors';
import type { PublicOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { SellerBrand } from '../../components/seller-brand';
import { orderGalleryGateTexts as texts } from './gate-texts';
import { useOrderGallery } from './use-order-gallery';

const GalleryBody = lazy(() => import('./gallery-body').then((m) => ({ default: m.GalleryBody })));

const HomeLink = () => (
  <Link to="/" className="button button-secondary">
    {texts.returnHome}
  </Link>
);

interface OrderGalleryGateProps {
  orderId: string;
  fallback: (order: PublicOrder) => ReactNode;
}

export function OrderGalleryGate({ orderId, fallback }: OrderGalleryGateProps) {
  const { state, retry, checkRefused } = useOrderGallery(orderId);
  if (state.kind === 'order') return fallback(state.order);
  return (
    <section className="panel order-gallery" data-gallery-state={state.kind}>
      {/* Keyed by state so each state mounts its own heading, which then takes focus. */}
      <GalleryStateView key={state.kind} state={state} retry={retry} checkRefused={checkRefused} />
    </section>
  );
}

function GalleryStateView({ state, retry, checkRefused }: ReturnType<typeof useOrderGallery>) {
  const tryAgain = (
    <button type="button" className="button" onClick={retry}>
      {texts.tryAgain}
    </button>
  );
  switch (state.kind) {
    case 'robot-check-failed':
      return (
        <>
          <PageHeading>{texts.robotHeading}</PageHeading>
          <ErrorMessage message={galleryErrors.robotCheckFailed} />
          <div className="actions">{tryAgain}</div>
        </>
      );
    case 'error':
      return (
        <>
          <PageHeading>{texts.errorHeading}</PageHeading>
          <ErrorMessage message={state.message} />
          <div className="actions">
            {tryAgain}
            <HomeLink />
          </div>
        </>
      );
    case 'not-found':
      return (
        <>
          <PageHeading>{galleryErrors.notFoundTitle}</PageHeading>
          <p>{galleryErrors.notFoundText}</p>
          <div className="actions">
            <HomeLink />
          </div>
        </>
      );
    case 'gallery':
      return (
        <>
          <SellerBrand brand={state.opened.order.seller} />
          <PageHeading>{texts.galleryHeading}</PageHeading>
          <Suspense fallback={<Progress label={texts.loadingText} />}>
            {/* Loaded again, the order says why its photos went (refunded, disputed). */}
            <GalleryBody opened={state.opened} onAccessEnded={retry} onCheckRefused={checkRefused} />
          </Suspense>
        </>
      );
    default:
      return (
        <>
          <PageHeading>{texts.loadingHeading}</PageHeading>
          <Progress label={texts.loadingText} />
        </>
      );
  }
}
