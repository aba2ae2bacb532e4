/**
 * The dashboard's Payment Acceptance card (account document, section 4): every Connect state with its
 * buttons, 'Advanced Subscription Required' without the entitlement, and after a return from Stripe's
 * onboarding the success or refresh message while the status is polled.
 */
import { useState } from 'react';
import { DASHBOARD_LINK_DELAY_MS } from '#shared/rules/constants';
import { accountErrors, connectErrors } from '#shared/texts/errors';
import type { User } from '#shared/schemas/user';
import { ErrorMessage } from '../../components/error-message';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { paymentTexts as texts } from './texts';
import { AdvancedRequired } from '../../components/advanced-required';
import { openInNewTab } from './open-in-new-tab';
import { useConnectStatus, type ConnectStatusAnswer } from './use-connect-status';
import { useReturnFlags } from './use-return-flags';

const RETURN_FLAGS = ['connect_success', 'connect_refresh'] as const;

interface Actions {
  busy: boolean;
  startOnboarding(): void;
  openDashboard(): void;
}

function StateView({ status, actions }: { status: ConnectStatusAnswer; actions: Actions }) {
  const button = (label: string, onClick: () => void, secondary = false) => (
    <button
      type="button"
      className={secondary ? 'button button-secondary' : 'button'}
      onClick={onClick}
      disabled={actions.busy}
    >
      {label}
    </button>
  );
  const dashboard = (label: string) => (
    <>
      {button(label, actions.openDashboard, true)} <small>{texts.newTabNote}</small>
    </>
  );
  switch (status.status) {
    case 'not_started':
      return (
        <>
          <h3>{texts.setUpTitle}</h3>
          <p>{texts.setUpText}</p>
          {button(status.onboardingUrl ? texts.continueSetup : texts.setUpPayments, actions.startOnboarding)}
        </>
      );
    case 'pending':
      return (
        <>
          <h3>{texts.inProgressTitle}</h3>
          {status.message && <p>{status.message}</p>}
          <div className="actions">
            {button(texts.continueSetup, actions.startOnboarding)}
            {status.dashboardUrl && dashboard(texts.viewDashboard)}
          </div>
        </>
      );
    case 'active':
      return (
        <>
          <h3>{texts.activeTitle}</h3>
          <p>{texts.feeAndPayout}</p>
          {dashboard(texts.openStripeDashboard)}
        </>
      );
    case 'restricted':
      return (
        <>
          <h3>{texts.restrictedTitle}</h3>
          {status.message && <p>{status.message}</p>}
          {status.dashboardUrl
            ? dashboard(texts.resolveIssues)
            : button(texts.completeSetup, actions.startOnboarding)}
        </>
      );
  }
}

function ConnectStatusView({ returned }: { returned: 'success' | 'refresh' | null }) {
  const { api, assignLocation } = useServices();
  const { status, error, polling, refresh } = useConnectStatus(true, returned !== null);
  // On success the browser leaves for Stripe's onboarding, so the button stays busy.
  const onboarding = useAction({
    run: async () => assignLocation((await api.connectOnboarding(undefined, {})).onboardingUrl),
    failure: (failure) => {
      console.error(connectErrors.onboardingFailed, failure);
      return failure instanceof Error ? failure.message : connectErrors.onboardingFailed;
    },
    stayBusy: true,
  });
  const { busy } = onboarding;
  const [dashboardError, setDashboardError] = useState<string | null>(null);
  const actionError = onboarding.error ?? dashboardError;

  const startOnboarding = () => {
    setDashboardError(null);
    void onboarding.run();
  };
  const openDashboard = () => {
    onboarding.setError(null);
    setDashboardError(null);
    const getUrl = async () => {
      // Login links work once: take the one we have and fetch a fresh one for next time.
      const url = status?.dashboardUrl;
      void refresh();
      if (!url) throw new Error(accountErrors.preparingDashboard);
      return url;
    };
    openInNewTab(getUrl, DASHBOARD_LINK_DELAY_MS).catch((failure: unknown) =>
      setDashboardError(failure instanceof Error ? failure.message : accountErrors.preparingDashboard),
    );
  };

  return (
    <>
      {returned && (
        <p className="success-message" role="status">
          {returned === 'success' ? texts.connectSuccess : texts.connectRefresh}
        </p>
      )}
      {status ? (
        <StateView status={status} actions={{ busy, startOnboarding, openDashboard }} />
      ) : error ? null : (
        <p role="status">{texts.checkingStatus}</p>
      )}
      {polling && status && <p role="status">{texts.checkingAgain}</p>}
      <ErrorMessage message={actionError ?? error} />
      {error && !status && (
        <button type="button" className="button button-secondary" onClick={() => void refresh()}>
          {texts.retry}
        </button>
      )}
    </>
  );
}

export function PaymentAcceptanceCard({ user }: { user: User }) {
  const flags = useReturnFlags(RETURN_FLAGS);
  const returned = flags.connect_success ? 'success' : flags.connect_refresh ? 'refresh' : null;
  return (
    <article className="card" aria-labelledby="payment-acceptance-title">
      <h2 id="payment-acceptance-title">{texts.paymentAcceptance}</h2>
      {user.entitlements.paymentAcceptanceEnabled ? (
        <ConnectStatusView returned={returned} />
      ) : (
        <AdvancedRequired />
      )}
    </article>
  );
}
