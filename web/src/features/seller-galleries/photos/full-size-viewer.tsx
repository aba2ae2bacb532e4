/**
 * The full-size photo, fetched as the spec says: GET of downloadUrl with the bearer token, cache forced,
 * read as a blob (section 7). Our API answers with a redirect to a short-lived signed URL.
 */
import { useEffect, useState } from 'react';
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { Photo } from '#shared/schemas/gallery';
import { ErrorMessage } from '../../../components/error-message';
import { Modal } from '../../../components/modal';
import { memberName, useTeamDirectory } from '../../../lib/use-team-directory';
import { Progress } from '../../../components/progress';
import { currentIdToken } from '../../../lib/auth/id-token';
import { sellerCommonTexts as texts } from '../../../lib/texts/seller-common';
import { sellerGalleryTexts as galleryTexts } from '../texts';

async function fetchFullSize(downloadUrl: string): Promise<Blob> {
  const token = await currentIdToken();
  if (!token) throw new Error(sellerGalleryErrors.notAuthenticated);
  const response = await fetch(downloadUrl, {
    headers: { Authorization: `Bearer ${token}` },
    cache: 'force-cache',
  });
  if (!response.ok) throw new Error(sellerGalleryErrors.fetchPhotos(response.statusText));
  return response.blob();
}

export function FullSizeViewer({ photo, onClose }: { photo: Photo; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.downloadUrl) return;
    let objectUrl: string | undefined;
    fetchFullSize(photo.downloadUrl)
      .then((blob) => setUrl((objectUrl = URL.createObjectURL(blob))))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : sellerGalleryErrors.generic),
      );
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [photo.downloadUrl]);
  const name = photo.description ?? photo.photoId;
  const team = useTeamDirectory();
  // A team's photos say who uploaded them (those from before teams were the owner's).
  const uploader = team && (memberName(team, photo.uploadedBy) ?? team[0]!.name);
  return (
    <Modal title={name} onClose={onClose}>
      {uploader && <p className="hint">{galleryTexts.uploadedBy(uploader)}</p>}
      {url ? (
        <img className="photo-full" src={url} alt={name} />
      ) : (
        !error && <Progress label={texts.loading} />
      )}
      <ErrorMessage message={error} />
      <button type="button" className="button" onClick={onClose}>
        {texts.close}
      </button>
    </Modal>
  );
}
