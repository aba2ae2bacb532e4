/**
 * The creator filter of a team's lists (galleries, orders), for a manager or the owner: every item, or
 * one member's. Nothing for a seller who works alone.
 */
import { useId } from 'react';
import { memberName, useTeamDirectory } from '../lib/use-team-directory';

export function CreatorFilter(props: {
  label: string;
  everyone: string;
  value: string;
  onChange: (memberId: string) => void;
}) {
  const team = useTeamDirectory();
  const id = useId();
  if (!team) return null;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.everyone}</option>
        {team.map((member) => (
          <option key={member.id} value={member.id}>
            {memberName(team, member.id)}
          </option>
        ))}
      </select>
    </div>
  );
}
