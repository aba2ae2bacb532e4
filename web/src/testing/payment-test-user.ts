/** A signed-in seller for the payments screens' unit tests. */
import type { User } from '#shared/schemas/user';

export function testUser(
  overrides: {
    subscription?: Partial<User['subscription']>;
    entitlements?: Partial<User['entitlements']>;
  } = {},
): User {
  return {
    id: 'user-1',
    name: 'Pat Seller',
    email: 'pat@example.com',
    createdAt: '2026-01-01T00:00:00.000Z',
    subscription: { hasSubscription: false, isTrial: false, ...overrides.subscription },
    entitlements: {
      paymentAcceptanceEnabled: false,
      currentMonthUploads: 0,
      monthlyPhotoUploadLimit: 100,
      ...overrides.entitlements,
    },
    analytics: { totalPhotoCount: 0, totalOrderCount: 0, totalSales: 0 },
    stripeConnect: { onboardingCompleted: false },
    team: { memberId: 'user-1', role: 'owner', name: 'Pat Seller', email: 'pat@example.com', memberCount: 0 },
  };
}

export const advancedUser = (): User =>
  testUser({
    subscription: { hasSubscription: true, status: 'active', plan: 'advanced' },
    entitlements: { paymentAcceptanceEnabled: true, monthlyPhotoUploadLimit: 10_000 },
  });
