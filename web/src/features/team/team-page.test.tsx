// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member, MemberList } from '#shared/schemas/team';
import { teamErrors } from '#shared/texts/team-errors';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { TeamPage } from './team-page';
import { teamTexts as texts } from './texts';

afterEach(cleanup);

const member = (fields: Partial<Member>): Member => ({
  id: 'owner-0001',
  name: 'Rita Racing',
  email: 'rita@example.com',
  role: 'owner',
  status: 'active',
  joinedAt: '2026-11-01T10:00:00.000Z',
  uploadsThisPeriod: 0,
  ...fields,
});
const pia = member({ id: 'member-0001', name: 'Pia', email: 'pia@example.com', role: 'photographer' });

function renderPage(list: MemberList, api: Partial<ApiClient> = {}) {
  const listMembers = vi.fn(async () => list);
  render(
    <ServicesProvider services={fakeServices({ listMembers, ...api })}>
      <MemoryRouter>
        <TeamPage />
      </MemoryRouter>
    </ServicesProvider>,
  );
}

describe('TeamPage', () => {
  it('lists the owner and the members with their role, status and room on the plan', async () => {
    renderPage({ members: [member({}), { ...pia, status: 'invited' }], memberLimit: 2 });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Rita Racing');
    expect(within(rows[2]!).getByText(texts.statusLabels.invited)).toBeTruthy();
    expect((within(rows[2]!).getByLabelText(texts.changeRole('Pia')) as HTMLSelectElement).value).toBe(
      'photographer',
    );
    expect(screen.getByText(texts.seats(1, 2))).toBeTruthy();
    expect(screen.getByText(texts.inviteExpiry)).toBeTruthy();
  });

  it('invites a member and shows them at once; refuses a bad address before sending', async () => {
    const inviteMember = vi.fn(async () => ({ ...pia, status: 'invited' as const }));
    renderPage({ members: [member({})], memberLimit: 2 }, { inviteMember });
    fireEvent.change(await screen.findByLabelText(texts.name), { target: { value: 'Pia' } });
    expect(screen.queryByText(texts.inviteExpiry)).toBeNull();
    fireEvent.change(screen.getByLabelText(texts.email), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: texts.invite }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(inviteMember).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(texts.email), { target: { value: 'pia@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: texts.invite }));
    expect(await screen.findByText(texts.invited('pia@example.com'))).toBeTruthy();
    expect(inviteMember).toHaveBeenCalledWith(undefined, {
      name: 'Pia',
      email: 'pia@example.com',
      role: 'photographer',
    });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3), { timeout: 5000 });
  });

  it("shows the server's refusal of an invitation", async () => {
    const inviteMember = vi.fn(async () => {
      throw new ApiError(teamErrors.alreadyHasAccount, 409, 'Conflict');
    });
    renderPage({ members: [member({})], memberLimit: 2 }, { inviteMember });
    fireEvent.change(await screen.findByLabelText(texts.name), { target: { value: 'Pia' } });
    fireEvent.change(screen.getByLabelText(texts.email), { target: { value: 'pia@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: texts.invite }));
    expect(await screen.findByText(teamErrors.alreadyHasAccount)).toBeTruthy();
  });

  it('changes a role and removes a member after confirming', async () => {
    const changeMemberRole = vi.fn(async () => ({ ...pia, role: 'manager' as const }));
    const removeMember = vi.fn(async () => undefined);
    renderPage({ members: [member({}), pia], memberLimit: 2 }, {
      changeMemberRole,
      removeMember,
    } as Partial<ApiClient>);
    fireEvent.change(await screen.findByLabelText(texts.changeRole('Pia')), { target: { value: 'manager' } });
    expect(await screen.findByText(texts.roleChanged('Pia', 'Manager'))).toBeTruthy();
    expect(changeMemberRole).toHaveBeenCalledWith({ memberId: 'member-0001' }, { role: 'manager' });
    fireEvent.click(screen.getByRole('button', { name: texts.remove }));
    const dialog = screen.getByRole('dialog', { name: texts.removeTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.remove }));
    expect(await screen.findByText(texts.removed('Pia'))).toBeTruthy();
    expect(removeMember).toHaveBeenCalledWith({ memberId: 'member-0001' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), { timeout: 5000 });
  });

  it('offers a plan when the business has none', async () => {
    renderPage({ members: [member({})], memberLimit: 0 });
    expect(await screen.findByText(texts.noPlan)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.invite })).toBeNull();
  });
});
