// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/schemas/user';
import { fakeServices } from '../testing/fake-services';
import { testUser } from '../testing/payment-test-user';
import { resetAuthState } from './auth/auth-store';
import { ServicesProvider } from './services';
import { memberName, useTeamDirectory } from './use-team-directory';

const members = [
  { id: 'user-1', name: 'Pat Seller', role: 'owner', uploadsThisPeriod: 3 },
  { id: 'm1', name: 'Pia', role: 'photographer', uploadsThisPeriod: 2 },
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
    await waitFor(() => expect(hook.result.current).toHaveLength(2));
    expect(teamDirectory).toHaveBeenCalledTimes(1);
    expect(memberName(hook.result.current, 'm1')).toBe('Pia');
    expect(memberName(hook.result.current, 'gone')).toBeUndefined();
  });
});
