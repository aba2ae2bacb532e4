/**
 * The seller's logo, as the contract has it: ask for a signed upload URL, PUT the file's bytes
 * to it (its type and size are signed, as the photos' are), then set the logo from that upload; the
 * server checks the bytes are an image and answers the logo's address.
 */
import { BRANDING_LIMITS, LOGO_CONTENT_TYPES, brandingErrors } from '#shared/rules/branding';
import type { ApiClient } from '../../lib/api-client';
import { xhrPut } from '../../lib/signed-put';

type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

const isLogoType = (type: string): type is LogoContentType =>
  (LOGO_CONTENT_TYPES as readonly string[]).includes(type);

/** What the picker's `accept` offers: the types the server takes. */
export const LOGO_ACCEPT = LOGO_CONTENT_TYPES.join(',');

/** The server's refusal of this file, said before a byte is sent (the server checks again). */
export function logoFileRefusal(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isLogoType(file.type) || file.size === 0) return brandingErrors.logoNotImage;
  if (file.size > BRANDING_LIMITS.logoBytes) return brandingErrors.logoTooLarge;
  return null;
}

export interface LogoUploadSteps {
  /** Percent of the file's bytes sent, 0-100. */
  onProgress: (percent: number) => void;
  /** The bytes are stored; the server now reads them. */
  onProcessing: () => void;
}

/** Uploads a file that `logoFileRefusal` accepted; resolves with the new logo's address. */
export async function uploadLogo(api: ApiClient, file: File, steps: LogoUploadSteps): Promise<string> {
  const { onProgress, onProcessing } = steps;
  const contentType = file.type as LogoContentType;
  const { uploadId, uploadUrl } = await api.startLogoUpload(undefined, { contentType, size: file.size });
  onProgress(0);
  await xhrPut(uploadUrl, { 'Content-Type': contentType }, file, (loaded) =>
    onProgress(Math.min(100, Math.floor((loaded / file.size) * 100))),
  );
  onProcessing();
  const { logoUrl } = await api.setLogo(undefined, { uploadId });
  return logoUrl;
}
