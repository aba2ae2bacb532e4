/**
 * The seller's logo: a signed upload of the file, then its processing into the stored PNG,
 * which replaces the logo before it, and the logo's public address. A logo used as a published public
 * gallery's watermark cannot be removed; a new one takes its place in those watermarks.
 */
import { brandingErrors } from '#shared/rules/branding';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { bucketsEnv } from '../lib/env';
import { RawResult } from '../lib/http';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { newLogoId } from '../lib/ids';
import { previewsAfterChange } from '../domains/public-galleries/preview-changes';
import { listPublicIds } from '../domains/galleries/gallery-store';
import { recordLogoUpload, takeLogoUpload } from '../domains/sellers/logo-upload-store';
import { getPublicGallery, moveWatermarkLogo } from '../domains/public-galleries/public-gallery-store';
import { replaceLogo } from '../domains/sellers/seller-brand-store';
import { requireUser } from '../lib/require-user';
import { deleteObject, headObject, readObject, signedGetUrl, signedUploadUrl, writeObject } from '../lib/s3';
import { logoPath } from '../domains/sellers/seller-brand';
import { objectKeys } from '#shared/platform/storage-layout';
import { processLogo } from './logo-image';

export async function startLogoUpload(
  userId: string,
  body: RouteBody<'startLogoUpload'>,
): Promise<RouteResponse<'startLogoUpload'>> {
  await requireUser(userId);
  const uploadId = newLogoId();
  await recordLogoUpload(uploadId, userId);
  const uploadUrl = await signedUploadUrl(
    bucketsEnv().ORIGINALS_BUCKET,
    objectKeys.logoUpload(uploadId),
    body,
  );
  return { uploadId, uploadUrl };
}

/** The uploaded file, taken once and only by the seller it was signed for; gone from the bucket after. */
async function takeUploadedFile(userId: string, uploadId: string): Promise<Buffer> {
  if (!(await takeLogoUpload(uploadId, userId))) throw notFound(brandingErrors.logoUploadNotFound);
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const key = objectKeys.logoUpload(uploadId);
  const file = await readObject(ORIGINALS_BUCKET, key);
  if (!file) throw notFound(brandingErrors.logoUploadNotFound);
  await deleteObject(ORIGINALS_BUCKET, key);
  return file;
}

export async function setLogo(userId: string, body: RouteBody<'setLogo'>): Promise<RouteResponse<'setLogo'>> {
  const user = await requireUser(userId);
  const processed = await processLogo(await takeUploadedFile(userId, body.uploadId));
  if (!processed) throw badRequest(brandingErrors.logoNotImage);
  const { DERIVED_BUCKET } = bucketsEnv();
  const logo = { logoId: newLogoId(), width: processed.width, height: processed.height };
  await writeObject(DERIVED_BUCKET, objectKeys.logo(logo.logoId), processed.png, {
    contentType: 'image/png',
    cacheControl: 'public, max-age=31536000, immutable',
  });
  if (!(await replaceLogo(userId, logo, user.logo))) {
    await deleteObject(DERIVED_BUCKET, objectKeys.logo(logo.logoId));
    throw conflict(brandingErrors.logoChanged);
  }
  // Watermarks move to the new logo before the old one goes, so no preview is drawn without its logo.
  await Promise.all((await listPublicIds(userId)).map((publicId) => moveWatermark(publicId, logo.logoId)));
  if (user.logo) await deleteObject(DERIVED_BUCKET, objectKeys.logo(user.logo.logoId));
  return { logoUrl: logoPath(logo.logoId) };
}

/** A logo watermark takes the new logo: its previews are made again, under a new folder. */
async function moveWatermark(publicId: string, logoId: string): Promise<void> {
  const before = await getPublicGallery(publicId);
  if (before && (await moveWatermarkLogo(publicId, logoId)))
    await previewsAfterChange(before, { ...before, watermarkLogoId: logoId });
}

async function logoWatermarksPublished(userId: string): Promise<boolean> {
  const records = await Promise.all((await listPublicIds(userId)).map(getPublicGallery));
  return records.some((record) => record?.published && record.settings.watermark.kind === 'logo');
}

export async function deleteLogo(userId: string): Promise<RawResult> {
  const user = await requireUser(userId);
  if (user.logo) {
    if (await logoWatermarksPublished(userId)) throw conflict(brandingErrors.logoInUse);
    if (!(await replaceLogo(userId, undefined, user.logo))) throw conflict(brandingErrors.logoChanged);
    await deleteObject(bucketsEnv().DERIVED_BUCKET, objectKeys.logo(user.logo.logoId));
  }
  return new RawResult({ statusCode: 204 });
}

/** The logo for customers and emails: a redirect to a short-lived URL, itself reusable for minutes. */
export async function logoRedirect(logoId: string): Promise<RawResult> {
  const { DERIVED_BUCKET } = bucketsEnv();
  const key = objectKeys.logo(logoId);
  if (!(await headObject(DERIVED_BUCKET, key))) throw notFound(brandingErrors.logoNotFound);
  const location = await signedGetUrl(DERIVED_BUCKET, key);
  return new RawResult({ statusCode: 302, headers: { location, 'cache-control': 'public, max-age=300' } });
}
