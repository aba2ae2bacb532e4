// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/schemas/user';
import { fakeServices } from '../testing/fake-services';
import { testUser } from '../testing/payment-test-user';
import { resetAuthState } from './auth/auth-store';
import { ServicesProvider } from './services';
import { sellerCommonTexts } from './texts/seller-common';
import { currentMembers, memberName, useTeamDirectory } from './use-team-directory';

const members = [
  { id: 'user-1', name: 'Pat Seller', role: 'owner', uploadsThisPeriod: 3 },
  { id: 'm1', name: 'Pia', role: 'photographer', uploadsThisPeriod: 2 },
  { id: 'm0', name: 'Olu', role: 'photographer', uploadsThisPeriod: 0, former: true },
] as const;

function directoryFor(team: Partial<User['team']>) {
  resetAuthState({ status: 'ready', user: { ...testUser(), team: { ...testUser().team, ...team } } });
  const teamDirectory = vi.fn(async () => ({ members: [...members] }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={fakeServices({ teamDirectory })}>{children}</ServicesProvider>
  );
  return { teamDirectory, hook: renderHook(() => useTeamDirectory(), { wrapper }) };
}

afterEach(() => {
  cleanup();
  resetAuthState();
});

describe('useTeamDirectory', () => {
  it('makes no call for a seller who works alone, nor for a photographer', async () => {
    for (const team of [{ memberCount: 0 }, { role: 'photographer', memberCount: 2 }] as const) {
      const { teamDirectory, hook } = directoryFor(team);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hook.result.current).toBeUndefined();
      expect(teamDirectory).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it("reads the team's names for an owner or a manager with members", async () => {
    const { teamDirectory, hook } = directoryFor({ role: 'manager', memberCount: 1 });
    await waitFor(() => expect(hook.result.current).toHaveLength(3));
    expect(teamDirectory).toHaveBeenCalledTimes(1);
  });

  it('names who made something, a removed member as former; nobody without a creator or a team', () => {
    expect(memberName(members, 'm1')).toBe('Pia');
    expect(memberName(members, 'm0')).toBe(sellerCommonTexts.formerMemberName('Olu'));
    expect(memberName(members, 'never-listed')).toBe(sellerCommonTexts.formerMember);
    expect(memberName(members, undefined)).toBeUndefined();
    expect(memberName(undefined, 'm1')).toBeUndefined();
    expect(currentMembers(members).map((member) => member.id)).toEqual(['user-1', 'm1']);
  });
});
