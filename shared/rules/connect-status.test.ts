import { describe, expect, it } from 'vitest';
import { connectStatusOf, type ConnectAccountState } from './connect-status';

const account = (overrides: Partial<ConnectAccountState>): ConnectAccountState => ({
  hasAccount: true,
  chargesEnabled: false,
  detailsSubmitted: true,
  disabledReason: null,
  pastDue: [],
  ...overrides,
});

describe('connectStatusOf', () => {
  it('is not_started without an account or before details are submitted', () => {
    expect(connectStatusOf(account({ hasAccount: false, detailsSubmitted: false }))).toBe('not_started');
    expect(
      connectStatusOf(
        account({ detailsSubmitted: false, disabledReason: 'requirements.past_due', pastDue: ['x'] }),
      ),
    ).toBe('not_started');
  });
  it('is active once charges are enabled', () => {
    expect(connectStatusOf(account({ chargesEnabled: true }))).toBe('active');
  });
  it('is restricted with overdue requirements or a rejection', () => {
    expect(connectStatusOf(account({ pastDue: ['individual.verification.document'] }))).toBe('restricted');
    expect(connectStatusOf(account({ disabledReason: 'rejected.fraud' }))).toBe('restricted');
  });
  it('is pending while Stripe verifies', () => {
    expect(connectStatusOf(account({ disabledReason: 'requirements.pending_verification' }))).toBe('pending');
  });
});
