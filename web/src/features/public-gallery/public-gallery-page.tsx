/**
 * /g/{publicId}: a seller's public event gallery. Customers open it from a link or QR code,
 * type the PIN if the seller set one, pick photos (or find theirs with a selfie) and order them.
 * This chunk holds the page and the grid only: the viewer and the face search load when used.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { dropEarlyCover, leaveEarlyCover } from './early-view';
import { GalleryView } from './gallery-view';
import { PinForm } from './pin-form';
import { publicGalleryTexts as texts } from './texts';
import { usePublicGallery, type GalleryState } from './use-public-gallery';
import './public-gallery.css';

const HomeLink = () => (
  <Link to="/" className="button button-secondary">
    {texts.returnHome}
  </Link>
);

export function PublicGalleryPage() {
  const { publicId = '' } = useParams();
  // Keyed by the gallery: another gallery's link starts over (its PIN, its pick).
  return <PublicGallery key={publicId} publicId={publicId} />;
}

function PublicGallery({ publicId }: { publicId: string }) {
  const { state, submitPin, retry } = usePublicGallery(publicId);
  // index.html's early cover stays while the gallery loads and until its own cover takes over (GalleryView).
  const showsNoCover = state.kind !== 'loading' && state.kind !== 'ready';
  useEffect(() => {
    if (showsNoCover) dropEarlyCover();
  }, [showsNoCover]);
  useEffect(() => () => leaveEarlyCover(publicId), [publicId]);
  return (
    <div className="public-gallery-page" data-gallery-state={state.kind}>
      <GalleryState state={state} submitPin={submitPin} retry={retry} />
    </div>
  );
}

function GalleryState({
  state,
  submitPin,
  retry,
}: {
  state: GalleryState;
  submitPin: (pin: string) => void;
  retry: () => void;
}) {
  switch (state.kind) {
    case 'loading':
      return <Progress label={texts.loading} />;
    case 'pin':
      return <PinForm {...state} onSubmit={submitPin} />;
    case 'not-found':
      return (
        <section className="panel">
          <PageHeading>{texts.notFoundHeading}</PageHeading>
          <p>{texts.notFoundText}</p>
          <div className="actions">
            <HomeLink />
          </div>
        </section>
      );
    case 'error':
      return (
        <section className="panel">
          <PageHeading>{texts.errorHeading}</PageHeading>
          <ErrorMessage message={state.message} />
          <div className="actions">
            <button type="button" className="button" onClick={retry}>
              {texts.tryAgain}
            </button>
            <HomeLink />
          </div>
        </section>
      );
    case 'ready':
      return <GalleryView view={state.view} pin={state.pin} />;
  }
}
