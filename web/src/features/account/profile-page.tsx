/**
 * /profile: name, email and subscription with its dates; Edit Profile, Cancel, Save Changes (which
 * really saves name, website and business name through PATCH /users), Sign Out; and the seller's logo
 *, changed on its own, outside the edit form.
 */
import { useState } from 'react';
import { BRANDING_LIMITS } from '#shared/rules/branding';
import { profileErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import { MIN_NAME_LENGTH } from '#shared/rules/constants';
import { signUpErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useAuth } from '../../lib/auth/auth-store';
import { useServices } from '../../lib/services';
import { useFormSubmit } from '../../lib/use-form-submit';
import { LogoSection } from './logo-section';
import { accountTexts as texts } from './texts';
import { useSignOutToCountdown } from './use-sign-out';

export function ProfilePage() {
  const { user, setUser } = useAuth();
  const { api } = useServices();
  const signOut = useSignOutToCountdown();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: '', website: '', businessName: '' });
  const [saved, setSaved] = useState(false);
  const {
    error,
    setError,
    busy,
    submit: save,
  } = useFormSubmit({
    validate: () => (form.name.trim().length < MIN_NAME_LENGTH ? signUpErrors.nameTooShort : null),
    send: async () => {
      setUser(
        await api.updateProfile(undefined, {
          name: form.name.trim(),
          website: form.website.trim(),
          // Empty removes it: customers then see no name.
          businessName: form.businessName.trim(),
        }),
      );
      setEditing(false);
      setSaved(true);
    },
    failure: profileErrors.updateFailed,
    stayBusy: false,
  });

  if (!user) return <ErrorMessage message={profileErrors.signInRequired} />;
  const { subscription } = user;

  const startEditing = () => {
    setForm({ name: user.name, website: user.website ?? '', businessName: user.businessName ?? '' });
    setError(null);
    setSaved(false);
    setEditing(true);
  };

  return (
    <section className="panel">
      <PageHeading>{texts.profileTitle}</PageHeading>
      {saved && (
        <p className="success-message" role="status">
          {texts.profileSaved}
        </p>
      )}
      {editing ? (
        <form className="account-form" onSubmit={save} noValidate aria-busy={busy}>
          <TextField
            label={texts.name}
            value={form.name}
            onChange={(name) => setForm((f) => ({ ...f, name }))}
          />
          <TextField
            label={texts.website}
            value={form.website}
            onChange={(website) => setForm((f) => ({ ...f, website }))}
            type="url"
            inputMode="url"
          />
          <TextField
            label={texts.businessNameOptional}
            value={form.businessName}
            onChange={(businessName) => setForm((f) => ({ ...f, businessName }))}
            maxLength={BRANDING_LIMITS.businessName}
            autoComplete="organization"
            hint={texts.businessNameHint}
          />
          <ErrorMessage message={error} />
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? texts.saving : texts.saveChanges}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
              {texts.cancel}
            </button>
          </div>
        </form>
      ) : (
        <dl>
          <dt>{texts.name}</dt>
          <dd>{user.name}</dd>
          <dt>{texts.email}</dt>
          <dd>{user.email}</dd>
          <dt>{texts.website}</dt>
          <dd>{user.website ?? texts.noWebsite}</dd>
          <dt>{texts.businessName}</dt>
          <dd>{user.businessName ?? texts.noBusinessName}</dd>
          <dt>{texts.subscriptionStatus}</dt>
          <dd>{subscription.hasSubscription ? (subscription.status ?? '') : texts.noSubscription}</dd>
          <dt>{texts.started}</dt>
          <dd>{formatDate(subscription.startDate)}</dd>
          <dt>{texts.ends}</dt>
          <dd>{formatDate(subscription.endDate)}</dd>
        </dl>
      )}
      <div className="actions">
        {!editing && (
          <button type="button" className="button" onClick={startEditing}>
            {texts.editProfile}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={() => void signOut()}>
          {texts.signOut}
        </button>
      </div>
      <LogoSection user={user} />
    </section>
  );
}
