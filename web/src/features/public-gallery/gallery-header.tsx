/**
 * The gallery's cover (its watermarked full preview, the page's largest image: loaded first, at high
 * priority), title, event date, photo count and closing date, then the seller's business name and logo
 * (when set). The cover comes first: index.html draws it before the app at the header's top
 * (early-view.css), so nothing may stand above it.
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
          texts.photoCount(view.photos.length),
          view.endDate && texts.openUntil(calendarDate(view.endDate)),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <SellerBrand brand={view.seller} />
    </header>
  );
}
