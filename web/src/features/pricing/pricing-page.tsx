/**
 * /pricing (public): the plans of shared/rules/plans.ts. A signed-in seller starts a Stripe Checkout Session
 * in subscription mode (a free trial the first time); one who already subscribes is taken to the billing
 * portal to switch plan. Signed-out visitors see the plans and a sign-in prompt. When a Stripe pricing
 * table is configured it is shown instead of the plan cards (pricing-table-choice.tsx).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FREE_TRIAL_DAYS, PLAN_LIST, type Plan, type PlanId } from '#shared/rules/plans';
import type { User } from '#shared/schemas/user';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { getEnv } from '../../config/env';
import { useAuth } from '../../lib/auth/auth-store';
import { usePageMeta } from '../../lib/seo/page-meta';
import { useTheme, type Theme } from '../../lib/theme';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { pricingTexts as texts } from './texts';
import { PlanCard } from './plan-card';
import { PricingTableChoice } from './pricing-table-choice';

/** Stripe pricing tables have no theme setting: a second table, styled dark, is used in dark mode. */
function pricingTableId(theme: Theme): string {
  const dark = import.meta.env.VITE_STRIPE_PRICING_TABLE_ID_DARK;
  return theme === 'dark' && dark ? dark : getEnv().VITE_STRIPE_PRICING_TABLE_ID;
}

function CustomPlanNote() {
  return (
    <aside className="panel">
      <h2>{texts.customTitle}</h2>
      <p>{texts.customText}</p>
      <Link className="button" to="/support">
        {texts.contactSales}
      </Link>
    </aside>
  );
}

function actionLabel(plan: Plan, user: User): string {
  if (!user.subscription.hasSubscription) return texts.startTrial(plan.name);
  return texts.switchPlan(plan.name);
}

function PlanAction({
  plan,
  user,
  busy,
  choose,
}: {
  plan: Plan;
  user: User | null;
  busy: PlanId | null;
  choose: (plan: PlanId) => void;
}) {
  if (!user) {
    return (
      <Link to="/signin" className="button">
        {texts.signInToChoose}
      </Link>
    );
  }
  if (user.subscription.hasSubscription && user.subscription.plan === plan.id) {
    return <p className="notice">{texts.currentPlan}</p>;
  }
  return (
    <button type="button" className="button" disabled={busy !== null} onClick={() => choose(plan.id)}>
      {busy === plan.id ? texts.redirecting : actionLabel(plan, user)}
    </button>
  );
}

export function PricingPage() {
  const { api, assignLocation } = useServices();
  const { user, status, check } = useAuth();
  const [chosen, setChosen] = useState<PlanId | null>(null);
  // On success the browser leaves for Stripe's checkout, so the plan's button stays busy.
  const checkout = useAction({
    run: async (plan: PlanId) => assignLocation((await api.subscriptionCheckout(undefined, { plan })).url),
    failure: (failure) => (failure instanceof Error ? failure.message : String(failure)),
    stayBusy: true,
  });
  const { error } = checkout;
  const busy = checkout.busy ? chosen : null;
  const theme = useTheme();
  usePageMeta({ title: texts.pricingTitle, description: texts.pricingDescription });
  useEffect(() => {
    void check();
  }, [check]);

  const choose = (plan: PlanId) => {
    setChosen(plan);
    void checkout.run(plan);
  };

  const planCards = (
    <div className="cards">
      {PLAN_LIST.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          action={<PlanAction plan={plan} user={user} busy={busy} choose={choose} />}
        />
      ))}
    </div>
  );
  const tableId = pricingTableId(theme);
  const publishableKey = getEnv().VITE_STRIPE_PUBLISHABLE_KEY;
  return (
    <section>
      <PageHeading>{texts.pricingTitle}</PageHeading>
      <p>{texts.pricingIntro}</p>
      <p>{texts.freeTrial(FREE_TRIAL_DAYS)}</p>
      {!user && <p className="notice">{texts.signInPrompt}</p>}
      {tableId && publishableKey ? (
        <PricingTableChoice
          tableId={tableId}
          publishableKey={publishableKey}
          authReady={status === 'ready'}
          user={user}
          planCards={planCards}
        />
      ) : (
        planCards
      )}
      <ErrorMessage message={error} />
      <p>
        <small>{texts.feeNote}</small>
      </p>
      <CustomPlanNote />
    </section>
  );
}
