/**
 * /galleries/{galleryId}: the seller's gallery. Upload, watch thumbnails appear, select photos, create
 * an order with its link and QR code, view full size, rename or delete, publish it as a public gallery.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { sellerGalleryErrors } from '#shared/errors';
import type { Photo } from '#shared/schemas/gallery';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { UsageBar } from '../../components/usage-bar';
import '../../components/forms.css';
import '../../components/seller-tools.css';
import { useAuth } from '../../lib/auth/auth-store';
import { sellerToolTexts as texts } from '../../lib/texts/seller-tools';
import { CreateOrderPanel } from './create-order-panel';
import { DeletePhotosButton } from './delete-photos-button';
import { FullSizeViewer } from './full-size-viewer';
import { GalleryActions } from './gallery-actions';
import { PhotoGrid } from './photo-grid';
import { PublicGalleryPanel } from './public-gallery-panel';
import { Uploader } from './uploader';
import { useGallery } from './use-gallery';

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
  const { gallery, error, reload, expectChanges, watchUploads, setGallery } = useGallery(galleryId);
  const { selected, toggle, setSelected } = useSelection();
  const [viewing, setViewing] = useState<Photo | null>(null);
  const [usage, setUsage] = useState(
    user
      ? { used: user.entitlements.currentMonthUploads, limit: user.entitlements.monthlyPhotoUploadLimit }
      : null,
  );

  if (!gallery)
    return error ? (
      <>
        <ErrorMessage message={error} />
        <Link to="/galleries">{texts.backToGalleries}</Link>
      </>
    ) : (
      <Progress label={texts.loading} />
    );
  const ready = gallery.photos.filter((p) => p.status === 'READY');
  // Failed photos can be selected for deletion; orders take ready photos only.
  const deletable = gallery.photos.filter((p) => p.status === 'READY' || p.status === 'FAILED');
  const chosenToDelete = deletable.filter((p) => selected.has(p.photoId)).map((p) => p.photoId);
  const chosen = ready.filter((p) => selected.has(p.photoId)).map((p) => p.photoId);
  return (
    <div className="seller-gallery">
      <p>
        <Link to="/galleries">{texts.backToGalleries}</Link>
      </p>
      <PageHeading>{gallery.albumName}</PageHeading>
      <p>{texts.photoCount(gallery.photoCount)}</p>
      <GalleryActions
        gallery={gallery}
        onRenamed={(albumName) => setGallery({ ...gallery, albumName })}
        onDeleted={() => void navigate('/galleries', { replace: true })}
      />
      {usage && <UsageBar used={usage.used} limit={usage.limit} />}
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
        photoStatus={new Map(gallery.photos.map((p) => [p.photoId, p.status]))}
      />
      <ErrorMessage message={error} />
      <h2>{texts.photos}</h2>
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
      <PublicGalleryPanel galleryId={galleryId} albumName={gallery.albumName} photos={ready} />
      {chosen.length > 0 && <CreateOrderPanel key={chosen.join()} galleryId={galleryId} photoIds={chosen} />}
      {viewing && <FullSizeViewer photo={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
