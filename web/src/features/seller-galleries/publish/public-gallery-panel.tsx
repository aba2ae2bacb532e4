/**
 * The gallery page's public gallery section: loads the gallery's public settings, shows the
 * link, QR code and figures once there is a link, a PIN's wrong tries and lock, the people hidden from
 * it, and the form to publish and change it.
 */
import { useEffect, useId } from 'react';
import type { Photo } from '#shared/schemas/gallery';
import { ErrorMessage } from '../../../components/error-message';
import { Progress } from '../../../components/progress';
import { errorMessage } from '../../../lib/error-message';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { faceSearchProgress } from './face-search-progress';
import { PublishGalleryForm } from './publish-form';
import { HiddenPeoplePanel } from './hidden-people';
import { PinStatusPanel } from './pin-status';
import { PublicGallerySummary } from './public-gallery-summary';
import { publicGalleryTexts as texts } from './public-gallery-texts';

/** How often the face search's photo count is read again while photos are being looked at. */
const FACE_INDEX_POLL_MS = 3000;

export interface PublicGalleryPanelProps {
  galleryId: string;
  albumName: string;
  /** The gallery's READY photos, offered as the cover. */
  photos: Photo[];
}

export function PublicGalleryPanel({ galleryId, albumName, photos }: PublicGalleryPanelProps) {
  const { api } = useServices();
  const headingId = useId();
  const query = useQuery({
    key: ['public-gallery-settings', galleryId],
    load: () => api.publicGallerySettings({ galleryId }),
  });
  const admin = query.data;
  // Switching the search on queues the photos already there: the count follows until each is looked at.
  const indexing = admin ? !faceSearchProgress(admin, photos.length).done : false;
  const { refetch } = query;
  useEffect(() => {
    if (!indexing) return;
    const timer = window.setInterval(() => void refetch(), FACE_INDEX_POLL_MS);
    return () => window.clearInterval(timer);
  }, [indexing, refetch]);

  return (
    <section className="public-gallery-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p className="hint">{texts.intro}</p>
      {query.status === 'loading' && <Progress label={texts.loading} />}
      {query.status === 'error' && !admin && (
        <>
          <ErrorMessage message={errorMessage(query.error, texts.loadFailed)} />
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            {texts.tryAgain}
          </button>
        </>
      )}
      {admin && (
        <>
          <PublicGallerySummary admin={admin} readyPhotos={photos.length} />
          {admin.pin && (
            <PinStatusPanel
              galleryId={galleryId}
              status={admin.pin}
              onUnlocked={(unlocked) => query.setData(() => unlocked)}
            />
          )}
          {admin.publicId && <HiddenPeoplePanel galleryId={galleryId} />}
          <PublishGalleryForm
            galleryId={galleryId}
            albumName={albumName}
            photos={photos}
            admin={admin}
            onSaved={(saved) => query.setData(() => saved)}
          />
        </>
      )}
    </section>
  );
}
