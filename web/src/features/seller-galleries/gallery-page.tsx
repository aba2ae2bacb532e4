/**
 * /galleries/{galleryId}: the seller's gallery. Upload, watch thumbnails appear, select photos, create
 * an order with its link and QR code, view full size, rename or delete, publish it as a public gallery.
 *
 * Opened offline, the gallery cannot be read, but the upload queue kept on the device can:
 * the page shows it under the gallery's last known name, with the photos waiting for the network. The
 * Uploader keeps its place in the tree when the gallery arrives, so its batch events are not repeated.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { Photo } from '#shared/schemas/gallery';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { UsageBar } from '../../components/usage-bar';
import '../../components/forms.css';
import '../../components/seller-tools.css';
import { useAuth } from '../../lib/auth/auth-store';
import { sellerGalleryTexts as texts } from './texts';
import { sellerCommonTexts } from '../../lib/texts/seller-common';
import { CreateOrderPanel } from './photos/create-order-panel';
import { DeletePhotosButton } from './photos/delete-photos-button';
import { FullSizeViewer } from './photos/full-size-viewer';
import { GalleryActions } from './gallery-actions';
import { forgetGallery, keepGallery, keptGallery } from './upload/kept-gallery';
import { PhotoGrid } from './photos/photo-grid';
import { PublicGalleryPanel } from './publish/public-gallery-panel';
import { Uploader } from './upload/uploader';
import { useGallery } from './use-gallery';
import { PhotographersPanel } from './photographers-panel';
import { roleAllows } from '#shared/rules/team-roles';

function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (photoId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(photoId)) next.add(photoId);
      return next;
    });
  return { selected, toggle, setSelected };
}

export function GalleryPage() {
  const { galleryId } = useParams();
  if (!galleryId) return <ErrorMessage message={sellerGalleryErrors.noGalleryId} />;
  return <GalleryView key={galleryId} galleryId={galleryId} />;
}

function GalleryView({ galleryId }: { galleryId: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { gallery, error, offline, reload, expectChanges, watchUploads, setGallery } = useGallery(galleryId);
  const { selected, toggle, setSelected } = useSelection();
  const [viewing, setViewing] = useState<Photo | null>(null);
  const [usage, setUsage] = useState(
    user
      ? { used: user.entitlements.currentMonthUploads, limit: user.entitlements.monthlyPhotoUploadLimit }
      : null,
  );
  const [kept] = useState(() => keptGallery(galleryId));
  // A photographer uploads and sees photos; naming, publishing, orders and who may upload are a manager's.
  const manages = !!user && roleAllows(user.team.role, 'manager');
  useEffect(() => {
    if (gallery) keepGallery(galleryId, gallery);
  }, [galleryId, gallery]);

  if (!gallery && !offline)
    return error ? (
      <>
        <ErrorMessage message={error} />
        <Link to="/galleries">{texts.backToGalleries}</Link>
      </>
    ) : (
      <Progress label={sellerCommonTexts.loading} />
    );
  const uploader = (
    <Uploader
      galleryId={galleryId}
      onStarted={() => {
        watchUploads(true);
        void reload();
      }}
      onFinished={() => {
        watchUploads(false);
        void reload();
      }}
      onUsage={setUsage}
      photoStatus={gallery ? new Map(gallery.photos.map((p) => [p.photoId, p.status])) : undefined}
    />
  );
  const named = gallery ?? kept;
  const ready = gallery ? gallery.photos.filter((p) => p.status === 'READY') : [];
  // Failed photos can be selected for deletion; orders take ready photos only.
  const deletable = gallery
    ? gallery.photos.filter((p) => p.status === 'READY' || p.status === 'FAILED')
    : [];
  const chosenToDelete = deletable.filter((p) => selected.has(p.photoId)).map((p) => p.photoId);
  const chosen = ready.filter((p) => selected.has(p.photoId)).map((p) => p.photoId);
  // One tree for both states, so the Uploader (at the same place in both) is not mounted again.
  return (
    <div className="seller-gallery" data-offline={gallery ? undefined : 'true'}>
      <p>
        <Link to="/galleries">{texts.backToGalleries}</Link>
      </p>
      <PageHeading>{named?.albumName ?? texts.offlineGalleryTitle}</PageHeading>
      {named && <p>{texts.photoCount(named.photoCount)}</p>}
      {gallery && manages && (
        <GalleryActions
          gallery={gallery}
          onRenamed={(albumName) => setGallery({ ...gallery, albumName })}
          onDeleted={() => {
            forgetGallery(galleryId);
            void navigate('/galleries', { replace: true });
          }}
        />
      )}
      {usage && <UsageBar used={usage.used} limit={usage.limit} />}
      {uploader}
      {!gallery ? (
        <>
          <h2>{sellerCommonTexts.photos}</h2>
          <p className="offline-photos" role="status">
            {texts.offlinePhotos}
          </p>
        </>
      ) : (
        <>
          <ErrorMessage message={error} />
          <h2>{sellerCommonTexts.photos}</h2>
          {gallery.photos.length === 0 ? (
            <p>{texts.emptyGallery}</p>
          ) : (
            <>
              <div className="actions">
                <button
                  type="button"
                  className="button-link"
                  onClick={() => setSelected(new Set(ready.map((p) => p.photoId)))}
                >
                  {texts.selectAll}
                </button>
                <button type="button" className="button-link" onClick={() => setSelected(new Set())}>
                  {texts.clearSelection}
                </button>
                {chosenToDelete.length > 0 && (
                  <DeletePhotosButton
                    galleryId={galleryId}
                    photoIds={chosenToDelete}
                    onDeleted={(deleted) => {
                      setSelected((current) => new Set([...current].filter((id) => !deleted.includes(id))));
                      void reload();
                    }}
                  />
                )}
              </div>
              <PhotoGrid
                galleryId={galleryId}
                photos={gallery.photos}
                selected={selected}
                onToggle={toggle}
                onView={setViewing}
                onRetried={(retried) => {
                  // Shown PROCESSING at once, then watched until it is READY (or FAILED again).
                  setGallery({
                    ...gallery,
                    photos: gallery.photos.map((p) => (p.photoId === retried.photoId ? retried : p)),
                  });
                  setSelected((current) => new Set([...current].filter((id) => id !== retried.photoId)));
                  expectChanges();
                  void reload();
                }}
              />
            </>
          )}
          {manages && (
            <>
              <PhotographersPanel gallery={gallery} />
              <PublicGalleryPanel galleryId={galleryId} albumName={gallery.albumName} photos={ready} />
            </>
          )}
          {manages && chosen.length > 0 && (
            <CreateOrderPanel key={chosen.join()} galleryId={galleryId} photoIds={chosen} />
          )}
          {viewing && <FullSizeViewer photo={viewing} onClose={() => setViewing(null)} />}
        </>
      )}
    </div>
  );
}
