/**
 * The seller's public gallery form: basics, pricing, watermark and face search, saved in one call
 * (publishGallery). What the form refuses, and the server's refusals, show under the save button.
 */
import { useState, type FormEvent } from 'react';
import { brandingErrors } from '#shared/rules/branding';
import type { Photo } from '#shared/schemas/gallery';
import type { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { ErrorMessage } from '../../../components/error-message';
import { useAuth } from '../../../lib/auth/auth-store';
import { useServices } from '../../../lib/services';
import { useAction } from '../../../lib/use-action';
import { FaceSearchFields } from './face-search-fields';
import { PricingFields } from './pricing-fields';
import { PublishBasics } from './publish-basics';
import { formFromAdmin, publishBody, type PublishForm } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';
import { WatermarkFields } from './watermark-fields';

export interface PublishFormProps {
  galleryId: string;
  albumName: string;
  /** The gallery's READY photos: the cover is one of them. */
  photos: Photo[];
  admin: PublicGalleryAdmin;
  onSaved: (admin: PublicGalleryAdmin) => void;
}

export function PublishGalleryForm({ galleryId, albumName, photos, admin, onSaved }: PublishFormProps) {
  const { api } = useServices();
  // The logo watermark needs the seller's logo: the profile page adds and removes it.
  const hasLogo = Boolean(useAuth().user?.logoUrl);
  const [form, setForm] = useState<PublishForm>(() => formFromAdmin(admin, albumName));
  // 'Saved' stays until the seller changes something again.
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<PublishForm>) => {
    setSaved(false);
    setForm((current) => ({ ...current, ...patch }));
  };
  const save = useAction({
    run: async () => {
      if (form.watermarkKind === 'logo' && !hasLogo) return brandingErrors.logoWatermarkNeedsLogo;
      const checked = publishBody(form);
      if ('refusal' in checked) return checked.refusal;
      const answer = await api.publishGallery({ galleryId }, checked.body);
      // The PIN typed is sent once; the form forgets it (the server answers only whether one is set).
      setForm((current) => ({ ...current, pin: '', removePin: false }));
      setSaved(true);
      onSaved(answer);
    },
    failure: texts.saveFailed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };

  return (
    <form className="account-form public-gallery-form" onSubmit={submit} aria-label={texts.settings}>
      <PublishBasics form={form} change={change} photos={photos} hasPin={admin.hasPin} />
      <PricingFields form={form} change={change} />
      <WatermarkFields form={form} change={change} hasLogo={hasLogo} />
      <FaceSearchFields form={form} change={change} />
      <button type="submit" className="button" disabled={save.busy}>
        {save.busy ? texts.saving : texts.save}
      </button>
      <ErrorMessage message={save.error} />
      <p role="status" className="hint">
        {saved ? texts.saved : ''}
      </p>
    </form>
  );
}
