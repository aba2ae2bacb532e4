/**
 * What the seller sees of a saved public gallery: whether customers can open it, its link with copy
 * button and QR code, its sales, and how many photos the face search covers.
 */
import type { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { LinkShare } from '../../components/link-share';
import { formatOrderTotal } from '../../utils/format';
import { publicGalleryTexts as texts } from './public-gallery-texts';

function status(admin: PublicGalleryAdmin): string {
  if (admin.closed) return texts.statusClosed;
  return admin.published ? texts.statusPublished : texts.statusUnpublished;
}

/** `readyPhotos`: the gallery's processed photos, each looked at for faces once the search is on. */
export function PublicGallerySummary({
  admin,
  readyPhotos,
}: {
  admin: PublicGalleryAdmin;
  readyPhotos: number;
}) {
  const { sales } = admin;
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
              {admin.faceSearch.photosIndexed < readyPhotos ? (
                <progress
                  max={readyPhotos}
                  value={admin.faceSearch.photosIndexed}
                  aria-label={texts.photosIndexed}
                />
              ) : null}{' '}
              {texts.indexedOf(admin.faceSearch.photosIndexed, readyPhotos)}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
