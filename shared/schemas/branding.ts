/** The seller's brand on the wire: what customers see, and the logo's upload calls. */
import * as z from 'zod/mini';
import { BRANDING_LIMITS, LOGO_CONTENT_TYPES, brandingErrors } from '../rules/branding';
import { Id } from './common';

/** The seller as customers see them: nothing at all until the seller sets a business name or a logo. */
export const SellerBrand = z.object({
  businessName: z.optional(z.string()),
  /** The logo's address (a redirect to the stored PNG): stable, so emails can show it later. */
  logoUrl: z.optional(z.string()),
});
export type SellerBrand = z.infer<typeof SellerBrand>;

export const BusinessName = z.string().check(z.trim(), z.maxLength(BRANDING_LIMITS.businessName));

export const LogoUploadBody = z.object({
  contentType: z.enum(LOGO_CONTENT_TYPES, { error: brandingErrors.logoNotImage }),
  size: z
    .number()
    .check(z.int(), z.minimum(1), z.maximum(BRANDING_LIMITS.logoBytes, brandingErrors.logoTooLarge)),
});
/** A signed PUT of exactly the size and type announced, valid for minutes. */
export const LogoUploadResponse = z.object({ uploadId: Id, uploadUrl: z.string() });
export const SetLogoBody = z.object({ uploadId: Id });
export const LogoResponse = z.object({ logoUrl: z.string() });
export const LogoParams = z.object({ logoId: Id });
