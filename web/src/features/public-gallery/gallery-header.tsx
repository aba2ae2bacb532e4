/**
 * The public gallery's header, as a photographer's branded gallery: the seller's studio line (logo and
 * business name, when set; not a heading), then the gallery's cover (its watermarked full preview, the
 * page's largest image: loaded first, at high priority), title, event date, photo count and closing
 * date. index.html draws the cover before the app (early-view.css) exactly where it lands here: when the
 * answer names a brand it leaves the studio line's fixed height above it, so nothing moves.
 */
import { formatDate } from '#shared/rules/dates';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { PageHeading } from '../../components/page-heading';
import { SellerBrand } from '../../components/seller-brand';
import { COVER_SIZES, coverSrcSet } from './early-view';
import { publicGalleryTexts as texts } from './texts';

/** Calendar dates (YYYY-MM-DD) read in UTC, so a customer west of Greenwich sees the seller's day. */
const calendarDate = (date: string) => formatDate(date, 'long', 'UTC');

export function GalleryHeader({ view }: { view: PublicGalleryView }) {
  const { cover } = view;
  return (
    <header className="public-header">
      <SellerBrand brand={view.seller} line />
      {cover && (
        <img
          className="public-cover"
          src={cover.fullUrl}
          // The 400 px preview where the cover shows that narrow (a phone at density 1); else the full one.
          srcSet={coverSrcSet(cover)}
          sizes={COVER_SIZES}
          width={cover.width}
          height={cover.height}
          alt=""
          decoding="async"
          fetchPriority="high"
        />
      )}
      <PageHeading>{view.title}</PageHeading>
      <p className="hint">
        {[
          view.eventDate && texts.eventOn(calendarDate(view.eventDate)),
          texts.photoCount(view.totalPhotos),
          view.endDate && texts.openUntil(calendarDate(view.endDate)),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </header>
  );
}
