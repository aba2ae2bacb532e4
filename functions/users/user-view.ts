/**
 * The User shape of the API (account document, section 3) from the stored record. The payments work
 * fills subscription, Connect and counters later; until then a new seller reads as: no subscription,
 * card payments off, the free monthly upload limit, nothing sold yet.
 */
import { DEFAULT_MONTHLY_UPLOAD_LIMIT } from '#shared/rules/constants';
import { fromMinorUnits } from '#shared/rules/money';
import { isLiveStatus, usagePeriodKey } from '#shared/rules/subscription';
import type { User } from '#shared/schemas/user';
import type { TeamPlace } from '#shared/schemas/team';
import type { UserRecord } from '../domains/sellers/seller-store';
import { sellerBrand } from '../domains/sellers/seller-brand';

function subscriptionOf(record: UserRecord): User['subscription'] {
  const status = record.subscriptionStatus;
  return {
    // past_due keeps the plan while Stripe retries the payment (shared/rules/subscription.ts).
    hasSubscription: isLiveStatus(status),
    isTrial: status === 'trialing',
    startDate: record.subscriptionStartDate ?? null,
    endDate: record.subscriptionEndDate ?? null,
    trialEndDate: record.trialEndDate ?? null,
    ...(status && { status }),
    ...(record.plan && { plan: record.plan }),
    ...(record.stripeSubscriptionId && { stripeSubscriptionId: record.stripeSubscriptionId }),
  };
}

/** The owner's place: their own account. */
const ownerPlace = (record: UserRecord): Omit<TeamPlace, 'memberCount'> => ({
  memberId: record.userId,
  role: 'owner',
  name: record.name,
  email: record.email,
});

/** The business's account as the signed-in person sees it (`place`: who they are; the owner by default). */
export function toUserView(record: UserRecord, now = new Date(), place = ownerPlace(record)): User {
  return {
    id: record.userId,
    name: record.name,
    email: record.email,
    createdAt: record.createdAt,
    ...(record.website && { website: record.website }),
    ...sellerBrand(record),
    subscription: subscriptionOf(record),
    entitlements: {
      paymentAcceptanceEnabled: record.paymentAcceptanceEnabled ?? false,
      // Counted per billing period (calendar month without a subscription): another period reads as zero.
      currentMonthUploads:
        record.uploadMonth === usagePeriodKey(record, now) ? (record.currentMonthUploads ?? 0) : 0,
      monthlyPhotoUploadLimit: record.monthlyPhotoUploadLimit ?? DEFAULT_MONTHLY_UPLOAD_LIMIT,
    },
    // A photographer sees no sales figures.
    ...(place.role !== 'photographer' && {
      analytics: {
        totalPhotoCount: record.totalPhotoCount ?? 0,
        totalOrderCount: record.totalOrderCount ?? 0,
        totalSales: fromMinorUnits(record.totalSalesMinor ?? 0, 'GBP'),
      },
    }),
    stripeConnect: {
      onboardingCompleted: record.onboardingCompleted ?? record.chargesEnabled ?? false,
      ...(record.stripeOnboardingUrl && { onboardingUrl: record.stripeOnboardingUrl }),
      ...(record.stripeDashboardUrl && { dashboardUrl: record.stripeDashboardUrl }),
    },
    team: { ...place, memberCount: (record.teamMemberIds?.size ?? 0) + (record.formerMemberIds?.size ?? 0) },
  };
}
