import * as z from 'zod/mini';
import { serverErrors } from '../texts/errors';
import { BusinessName } from './branding';
import { DateValue, Email } from './common';
import { TeamPlace } from './team';

export const Subscription = z.object({
  hasSubscription: z.boolean(),
  startDate: z.optional(z.nullable(DateValue)),
  endDate: z.optional(z.nullable(DateValue)),
  status: z.optional(z.string()),
  isTrial: z.boolean(),
  trialEndDate: z.optional(z.nullable(DateValue)),
  plan: z.optional(z.string()),
  stripeSubscriptionId: z.optional(z.string()),
});

export const Entitlements = z.object({
  paymentAcceptanceEnabled: z.boolean(),
  currentMonthUploads: z.number(),
  monthlyPhotoUploadLimit: z.number(),
});

export const Analytics = z.object({
  totalPhotoCount: z.number(),
  totalOrderCount: z.number(),
  /** Pounds, shown with two decimals. */
  totalSales: z.number(),
});

export const StripeConnect = z.object({
  onboardingCompleted: z.boolean(),
  onboardingUrl: z.optional(z.string()),
  dashboardUrl: z.optional(z.string()),
});

/** The signed-in user (account document, section 3). */
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: DateValue,
  website: z.optional(z.string()),
  /** Shown to customers with the logo; both optional. */
  businessName: z.optional(z.string()),
  logoUrl: z.optional(z.string()),
  subscription: Subscription,
  entitlements: Entitlements,
  /** Absent for a photographer, who sees no sales. */
  analytics: z.optional(Analytics),
  stripeConnect: StripeConnect,
  /**
   * Ours: who is signed in and their role. The fields above are the business's (the owner's account);
   * a member sees the business they work for.
   */
  team: TeamPlace,
});
export type User = z.infer<typeof User>;

/**
 * The human check's token on every public account call. A missing one is named as such: zod's own
 * message for an absent field says only which type it expected.
 */
const AccountCaptchaToken = z
  .string({ error: serverErrors.captchaMissing })
  .check(z.minLength(1, serverErrors.captchaMissing), z.maxLength(4096));

export const SignUpBody = z.object({
  email: Email,
  name: z
    .string()
    .check(z.trim(), z.minLength(2, 'Name must be at least 2 characters long'), z.maxLength(100)),
  password: z.string().check(z.minLength(8, 'Password must be at least 8 characters long'), z.maxLength(256)),
  captchaToken: AccountCaptchaToken,
  inviteCode: z.string().check(z.trim(), z.minLength(1, 'An invitation code is required'), z.maxLength(64)),
  website: z.optional(z.string().check(z.maxLength(2048))),
});

export const UpdateProfileBody = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(2, 'Name must be at least 2 characters long'), z.maxLength(100)),
  website: z.optional(z.string().check(z.maxLength(2048))),
  /** Ours: absent leaves it as it is, empty removes it. */
  businessName: z.optional(BusinessName),
});

/** An address and the human check (password reset request, new verification link). */
export const EmailBody = z.object({ email: Email, captchaToken: AccountCaptchaToken });
export const ConfirmPasswordResetBody = z.object({
  email: Email,
  code: z.string().check(z.regex(/^\d{6}$/, 'The reset code is 6 digits')),
  newPassword: z
    .string()
    .check(z.minLength(8, 'Password must be at least 8 characters long'), z.maxLength(256)),
  captchaToken: AccountCaptchaToken,
});
export const VerifyEmailBody = z.object({
  email: Email,
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  captchaToken: AccountCaptchaToken,
});
export const SetPasswordBody = z.object({
  email: Email,
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  password: z.string().check(z.minLength(8, 'Password must be at least 8 characters long'), z.maxLength(256)),
  captchaToken: AccountCaptchaToken,
});

export const MessageResponse = z.object({ message: z.string() });
export const SuccessResponse = z.object({ success: z.boolean(), error: z.optional(z.string()) });
/**
 * Sign-up answers with a message only: the same body whether the address was new or already had an
 * account (no user id, which only a new account could have).
 */
export const SignUpResponse = MessageResponse;
