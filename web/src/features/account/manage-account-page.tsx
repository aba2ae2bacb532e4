/**
 * /manage-account: change password (current, new, confirm) and the subscription panel. The billing
 * portal button comes with the payments work; without a subscription: 'No active subscription' and
 * 'View Pricing Plans'.
 */
import { useState, type ReactNode } from 'react';
import { accountErrors } from '#shared/texts/errors';
import { changePasswordError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { NewPasswordFields, PasswordField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useAuth } from '../../lib/auth/auth-store';
import { loadSession } from '../../lib/auth/session-loader';
import { useFormSubmit } from '../../lib/use-form-submit';
import { accountTexts as texts } from './texts';
import { SubscriptionCard } from './subscription-card';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState(false);
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { error, busy, submit } = useFormSubmit({
    validate: () => {
      setDone(false);
      return changePasswordError(form);
    },
    send: async () => {
      await (await loadSession()).changePassword(form.currentPassword, form.newPassword);
      setForm(EMPTY);
      setDone(true);
    },
    // Cognito's own message (the session is Amplify's, not our API).
    failure: (failure) =>
      failure instanceof Error && failure.message ? failure.message : accountErrors.changePasswordFailed,
    stayBusy: false,
  });
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-busy={busy}>
      <h2>{texts.changePassword}</h2>
      <PasswordField
        label={texts.currentPassword}
        value={form.currentPassword}
        onChange={set('currentPassword')}
        autoComplete="current-password"
        required
      />
      <NewPasswordFields
        value={{ password: form.newPassword, confirm: form.confirmPassword }}
        onChange={{ password: set('newPassword'), confirm: set('confirmPassword') }}
        replacing
        required
      />
      <ErrorMessage message={error} />
      {done && (
        <p className="success-message" role="status">
          {accountErrors.passwordChanged}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? texts.changing : texts.changePassword}
        </button>
      </div>
    </form>
  );
}

/** The subscription panel another feature provides (payments), composed in by web/src/app. */
export function ManageAccountPage({ subscriptionPanel }: { subscriptionPanel?: ReactNode } = {}) {
  const { user } = useAuth();
  if (!user) return <ErrorMessage message={accountErrors.userNotFound} />;
  return (
    <section>
      <PageHeading>{texts.manageAccount}</PageHeading>
      <div className="cards">
        <article className="card">
          <ChangePasswordForm />
        </article>
        {subscriptionPanel ?? <SubscriptionCard subscription={user.subscription} />}
      </div>
    </section>
  );
}
