/**
 * /team (the owner's): the members with their role, whether they joined and when they were last active;
 * a role changed in place, a removal after a confirmation, and the invitation form within the plan's
 * room. Every change is the server's answer: the list shows what was stored.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  MEMBER_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  TEAM_ROLES,
  type MemberRole,
} from '#shared/rules/team-roles';
import { formatDate } from '#shared/rules/dates';
import type { Member, MemberList } from '#shared/schemas/team';
import { ErrorMessage } from '../../components/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import '../../components/forms.css';
import '../../components/seller-tools.css';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { useQuery } from '../../lib/use-query';
import { InviteForm } from './invite-form';
import { teamTexts as texts } from './texts';

function RemoveDialog(props: { member: Member; onClose: () => void; onRemoved: (member: Member) => void }) {
  const { api } = useServices();
  return (
    <ConfirmDialog
      texts={{
        title: texts.removeTitle,
        question: texts.confirmRemove(props.member.name),
        confirm: texts.remove,
        confirming: texts.removing,
        keep: texts.keep,
        failure: texts.actionFailed,
      }}
      onConfirm={async () => {
        await api.removeMember({ memberId: props.member.id });
        props.onRemoved(props.member);
      }}
      onClose={props.onClose}
    />
  );
}

interface RowProps {
  member: Member;
  busy: boolean;
  onRole: (role: MemberRole) => void;
  onRemove: () => void;
}

function MemberRow({ member, busy, onRole, onRemove }: RowProps) {
  const owner = member.role === 'owner';
  return (
    <tr>
      <td data-label={texts.name}>
        {member.name} {owner && <span className="hint">{texts.you}</span>}
        <div className="hint">{member.email}</div>
      </td>
      <td data-label={texts.role}>
        {owner ? (
          ROLE_LABELS.owner
        ) : (
          <select
            aria-label={texts.changeRole(member.name)}
            value={member.role}
            disabled={busy}
            onChange={(e) => onRole(e.target.value as MemberRole)}
          >
            {MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </td>
      <td data-label={texts.status}>{texts.statusLabels[member.status]}</td>
      <td data-label={texts.uploads}>{member.uploadsThisPeriod.toLocaleString('en-GB')}</td>
      <td data-label={texts.lastActive}>
        {member.lastActiveAt ? formatDate(member.lastActiveAt, 'full') : texts.never}
      </td>
      <td data-label={texts.actions}>
        {!owner && (
          <button type="button" className="button-link" onClick={onRemove} disabled={busy}>
            {texts.remove}
          </button>
        )}
      </td>
    </tr>
  );
}

function Room({ list }: { list: MemberList }) {
  const used = list.members.length - 1;
  if (list.memberLimit === 0)
    return (
      <p className="notice">
        {texts.noPlan} <Link to="/pricing">{texts.choosePlan}</Link>
      </p>
    );
  const waiting = list.members.some((member) => member.status === 'invited');
  return (
    <>
      <p className="hint">{texts.seats(used, list.memberLimit)}</p>
      {waiting && <p className="hint">{texts.inviteExpiry}</p>}
    </>
  );
}

export function TeamPage() {
  const { api } = useServices();
  const team = useQuery({ key: ['members'], load: () => api.listMembers() });
  const [removing, setRemoving] = useState<Member | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editMembers = (edit: (members: Member[]) => Member[]) =>
    team.setData((list) => ({ memberLimit: list?.memberLimit ?? 0, members: edit(list?.members ?? []) }));
  const changeRole = useAction({
    run: async (member: Member, role: MemberRole) => {
      const changed = await api.changeMemberRole({ memberId: member.id }, { role });
      editMembers((members) => members.map((m) => (m.id === changed.id ? changed : m)));
      setNotice(texts.roleChanged(changed.name, ROLE_LABELS[changed.role]));
    },
    failure: texts.actionFailed,
  });

  if (team.status === 'loading') return <Progress label={texts.loading} />;
  if (!team.data)
    return (
      <section className="panel">
        <PageHeading>{texts.title}</PageHeading>
        <ErrorMessage message={errorMessage(team.error, texts.loadFailed)} />
        <button type="button" className="button" onClick={() => void team.refetch()}>
          {texts.retry}
        </button>
      </section>
    );
  const list = team.data;
  const full = list.memberLimit > 0 && list.members.length - 1 >= list.memberLimit;
  return (
    <section>
      <PageHeading>{texts.title}</PageHeading>
      <p>{texts.intro}</p>
      <Room list={list} />
      {notice && (
        <p className="success-message" role="status">
          {notice}
        </p>
      )}
      <ErrorMessage message={changeRole.error} />
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">{texts.name}</th>
            <th scope="col">{texts.role}</th>
            <th scope="col">{texts.status}</th>
            <th scope="col">{texts.uploads}</th>
            <th scope="col">{texts.lastActive}</th>
            <th scope="col">{texts.actions}</th>
          </tr>
        </thead>
        <tbody>
          {list.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              busy={changeRole.busy}
              onRole={(role) => void changeRole.run(member, role)}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </tbody>
      </table>
      {list.memberLimit > 0 &&
        (full ? (
          <p className="notice">
            {texts.full} <Link to="/pricing">{texts.choosePlan}</Link>
          </p>
        ) : (
          <InviteForm onInvited={(member) => editMembers((members) => [...members, member])} />
        ))}
      <details>
        <summary>{texts.roleHelp}</summary>
        <dl>
          {[...TEAM_ROLES].reverse().map((role) => (
            <div key={role}>
              <dt>{ROLE_LABELS[role]}</dt>
              <dd>{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </details>
      {removing && (
        <RemoveDialog
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={(member) => {
            setRemoving(null);
            setNotice(texts.removed(member.name));
            editMembers((members) => members.filter((m) => m.id !== member.id));
          }}
        />
      )}
    </section>
  );
}
