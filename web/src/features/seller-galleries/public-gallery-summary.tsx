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

export function PublicGallerySummary({ admin }: { admin: PublicGalleryAdmin }) {
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
            <dd>{admin.faceSearch.photosIndexed}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
