/** The gallery's prices as the seller set them: per photo, bundles and all photos, or Free. */
import { offersAllPhotos } from '#shared/rules/public-gallery-price';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { formatMinorUnits } from '../../utils/format';
import { publicGalleryTexts as texts } from './texts';

export function PriceList({ view }: { view: PublicGalleryView }) {
  if (view.free) return <p className="free-order public-free">{texts.freeGallery}</p>;
  const { pricing } = view;
  const money = (minor: number) => formatMinorUnits(minor, pricing.currency);
  // Not offered past what one order holds (a large event sells by the photo and by bundles).
  const allPhotosMinor = offersAllPhotos(pricing, view.totalPhotos) ? pricing.allPhotosMinor : undefined;
  return (
    <section className="public-prices" aria-label={texts.prices}>
      <ul>
        {pricing.perPhotoMinor > 0 && <li>{texts.perPhoto(money(pricing.perPhotoMinor))}</li>}
        {pricing.bundles.map((bundle) => (
          <li key={`${bundle.photos}-${bundle.priceMinor}`}>
            {texts.bundle(bundle.photos, money(bundle.priceMinor))}
          </li>
        ))}
        {allPhotosMinor !== undefined && <li>{texts.allPhotos(view.totalPhotos, money(allPhotosMinor))}</li>}
      </ul>
      {(pricing.bundles.length > 0 || allPhotosMinor !== undefined) && (
        <p className="hint">{texts.cheapestNote}</p>
      )}
    </section>
  );
}
