/** The gallery's prices as the seller set them: per photo, bundles and all photos, or Free. */
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { formatMinorUnits } from '../../utils/format';
import { publicGalleryTexts as texts } from './texts';

export function PriceList({ view }: { view: PublicGalleryView }) {
  if (view.free) return <p className="free-order public-free">{texts.freeGallery}</p>;
  const { pricing } = view;
  const money = (minor: number) => formatMinorUnits(minor, pricing.currency);
  return (
    <section className="public-prices" aria-label={texts.prices}>
      <ul>
        {pricing.perPhotoMinor > 0 && <li>{texts.perPhoto(money(pricing.perPhotoMinor))}</li>}
        {pricing.bundles.map((bundle) => (
          <li key={`${bundle.photos}-${bundle.priceMinor}`}>
            {texts.bundle(bundle.photos, money(bundle.priceMinor))}
          </li>
        ))}
        {pricing.allPhotosMinor !== undefined && (
          <li>{texts.allPhotos(view.photos.length, money(pricing.allPhotosMinor))}</li>
        )}
      </ul>
      {(pricing.bundles.length > 0 || pricing.allPhotosMinor !== undefined) && (
        <p className="hint">{texts.cheapestNote}</p>
      )}
    </section>
  );
}
