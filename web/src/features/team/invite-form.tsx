/** The owner's invitation: name, email and role; the member gets the account-setup link by email. */
import { useState } from 'react';
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '#shared/rules/team-roles';
import { MIN_NAME_LENGTH } from '#shared/rules/constants';
import type { Member } from '#shared/schemas/team';
import { signUpErrors } from '#shared/texts/errors';
import { looksLikeEmail } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { useServices } from '../../lib/services';
import { useFormSubmit } from '../../lib/use-form-submit';
import { teamTexts as texts } from './texts';

const EMPTY = { name: '', email: '', role: 'photographer' as MemberRole };

function validate(form: typeof EMPTY): string | null {
  if (form.name.trim().length < MIN_NAME_LENGTH) return signUpErrors.nameTooShort;
  if (!looksLikeEmail(form.email)) return signUpErrors.invalidEmail;
  return null;
}

export function InviteForm({ onInvited }: { onInvited: (member: Member) => void }) {
  const { api } = useServices();
  const [form, setForm] = useState(EMPTY);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { error, busy, submit } = useFormSubmit({
    validate: () => validate(form),
    send: async () => {
      const member = await api.inviteMember(undefined, {
        name: form.name.trim(),
        email: form.email.trim(),
        role: form.role,
      });
      onInvited(member);
      setSentTo(member.email);
      setForm(EMPTY);
    },
    failure: texts.actionFailed,
    stayBusy: false,
  });
  return (
    <form
      className="account-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title">{texts.inviteTitle}</h2>
      {sentTo && (
        <p className="success-message" role="status">
          {texts.invited(sentTo)}
        </p>
      )}
      <TextField
        label={texts.name}
        value={form.name}
        onChange={(name) => setForm((f) => ({ ...f, name }))}
        autoComplete="off"
      />
      <TextField
        label={texts.email}
        value={form.email}
        onChange={(email) => setForm((f) => ({ ...f, email }))}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor="invite-role">{texts.role}</label>
        <select
          id="invite-role"
          value={form.role}
          onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as MemberRole }))}
        >
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage message={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.inviting : texts.invite}
      </button>
    </form>
  );
}
