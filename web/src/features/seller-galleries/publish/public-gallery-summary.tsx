/**
 * What the seller sees of a saved public gallery: whether customers can open it, its link with copy
 * button and QR code, its sales, how many photos the face search covers, and what customers did there.
 */
import type { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { LinkShare } from '../../../components/link-share';
import { formatOrderTotal } from '../../../utils/format';
import { ActivityFunnel } from './activity-funnel';
import { faceSearchProgress } from './face-search-progress';
import { publicGalleryTexts as texts } from './public-gallery-texts';

function status(admin: PublicGalleryAdmin): string {
  if (admin.closed) return texts.statusClosed;
  return admin.published ? texts.statusPublished : texts.statusUnpublished;
}

/**
 * `readyPhotos`: the gallery's processed photos, each looked at for faces once the search is on; while
 * some are still to come a progress bar shows how far it has got, and photos whose faces could not be
 * described are named apart.
 */
export function PublicGallerySummary({
  admin,
  readyPhotos,
}: {
  admin: PublicGalleryAdmin;
  readyPhotos: number;
}) {
  const { sales } = admin;
  const progress = faceSearchProgress(admin, readyPhotos);
  return (
    <div className="panel public-gallery-summary">
      <p role="status">{status(admin)}</p>
      {admin.url && admin.publicId && (
        <LinkShare
          url={admin.url}
          linkLabel={texts.publicLink}
          qrAlt={texts.qrCode}
          fileStem={`gallery-${admin.publicId}`}
          testId="public-gallery-link"
        />
      )}
      <dl className="summary-facts">
        <div>
          <dt>{texts.orders}</dt>
          <dd>{sales.orders}</dd>
        </div>
        <div>
          <dt>{texts.paidOrders}</dt>
          <dd>{sales.paidOrders}</dd>
        </div>
        <div>
          <dt>{texts.revenue}</dt>
          <dd>{formatOrderTotal(sales.revenue, sales.currency)}</dd>
        </div>
        {admin.faceSearch.enabled && (
          <div>
            <dt>{texts.photosIndexed}</dt>
            <dd>
              {progress.done ? null : (
                <progress
                  max={progress.ready}
                  value={progress.described + progress.notDescribed}
                  aria-label={texts.photosIndexed}
                />
              )}{' '}
              {texts.indexedOf(progress.described, progress.ready)}
              {progress.notDescribed > 0 && (
                <span className="hint" role="note">
                  {' '}
                  {texts.notDescribed(progress.notDescribed)}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
      {admin.publicId && <ActivityFunnel activity={admin.activity} />}
    </div>
  );
}
