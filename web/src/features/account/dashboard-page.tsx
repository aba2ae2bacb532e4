/**
 * /dashboard: welcome, the trial banner, Subscription Status, Account Details, Payment Acceptance and
 * Usage & Entitlements cards, and Manage Account. The payments work fills the Connect and plan
 * actions; this shell shows what GET /users says. connect_success / connect_refresh flags are removed
 * from the address once read.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CURRENCY_SYMBOL_GBP } from '#shared/rules/constants';
import { accountErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import type { User } from '#shared/schemas/user';
import { ROLE_LABELS, roleAllows } from '#shared/rules/team-roles';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useAuth } from '../../lib/auth/auth-store';
import { accountTexts as texts } from './texts';
import { sellerCommonTexts } from '../../lib/texts/seller-common';
import { SubscriptionCard } from './subscription-card';
import { useSignOutToCountdown } from './use-sign-out';
import { AdvancedRequired } from '../../components/advanced-required';
import { currentMembers, useTeamDirectory } from '../../lib/use-team-directory';

/** Uploads over the limit as a percentage, capped at 100 (section 9). */
export const usagePercent = (used: number, limit: number) =>
  limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));

function AccountDetailsCard({ user }: { user: User }) {
  return (
    <article className="card">
      <h2>{texts.accountDetails}</h2>
      <dl>
        <dt>{texts.email}</dt>
        <dd>{user.email}</dd>
        <dt>{texts.memberSince}</dt>
        <dd>{formatDate(user.createdAt, 'long')}</dd>
        <dt>{texts.website}</dt>
        <dd>
          {user.website ? (
            <a href={user.website} target="_blank" rel="noopener noreferrer">
              {user.website}
            </a>
          ) : (
            texts.noWebsite
          )}
        </dd>
      </dl>
    </article>
  );
}

function PaymentCard({ user }: { user: User }) {
  const enabled = user.entitlements.paymentAcceptanceEnabled;
  return (
    <article className="card">
      <h2>{texts.paymentAcceptance}</h2>
      {!enabled ? (
        <AdvancedRequired />
      ) : (
        <p>{user.stripeConnect.onboardingCompleted ? texts.paymentAcceptanceActive : texts.setUpPayments}</p>
      )}
    </article>
  );
}

function UsageCard({ user }: { user: User }) {
  const { currentMonthUploads: used, monthlyPhotoUploadLimit: limit } = user.entitlements;
  const percent = usagePercent(used, limit);
  return (
    <article className="card">
      <h2>{texts.usage}</h2>
      <p>{texts.uploadsThisMonth(used, limit)}</p>
      <div
        className="usage-bar"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      {/* A photographer sees no sales figures (the API leaves them out). */}
      {user.analytics && (
        <dl>
          <dt>{texts.totalPhotos}</dt>
          <dd>{user.analytics.totalPhotoCount}</dd>
          <dt>{texts.totalOrders}</dt>
          <dd>{user.analytics.totalOrderCount}</dd>
          <dt>{texts.totalSales}</dt>
          <dd>
            {CURRENCY_SYMBOL_GBP}
            {user.analytics.totalSales.toFixed(2)}
          </dd>
        </dl>
      )}
    </article>
  );
}

/** A team's uploads this month, by who uploaded (a manager's and the owner's view). */
function TeamUploadsCard() {
  const team = useTeamDirectory();
  if (!team) return null;
  return (
    <article className="card" aria-labelledby="team-uploads-title">
      <h2 id="team-uploads-title">{texts.teamUploads}</h2>
      <dl>
        {currentMembers(team).map((member) => (
          <div key={member.id}>
            <dt>{member.name}</dt>
            <dd>{member.uploadsThisPeriod.toLocaleString('en-GB')}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * Cards another feature provides (the payments feature: trial banner, Subscription Status, Payment
 * Acceptance, Usage & Entitlements; the earnings feature: the earnings over time), composed in by
 * web/src/app; each falls back to this page's own (the earnings, to nothing).
 */
export interface DashboardSlots {
  trialBanner?: ReactNode;
  subscriptionCard?: ReactNode;
  paymentCard?: ReactNode;
  usageCard?: ReactNode;
  /** The earnings over time (a manager's and the owner's). */
  earningsCard?: ReactNode;
}

export function DashboardPage(slots: DashboardSlots = {}) {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const signOut = useSignOutToCountdown();
  useEffect(() => {
    if (!params.has('connect_success') && !params.has('connect_refresh')) return;
    const next = new URLSearchParams(params);
    next.delete('connect_success');
    next.delete('connect_refresh');
    setParams(next, { replace: true });
  }, [params, setParams]);

  if (!user) return <ErrorMessage message={accountErrors.userNotFound} />;
  const { subscription } = user;
  const { role } = user.team;
  // A member sees the business's usage and their tools; plans, payouts and the account are the owner's.
  const owner = role === 'owner';
  return (
    <section>
      <PageHeading>{texts.welcome(user.team.name)}</PageHeading>
      {!owner && <p>{texts.workingFor(user.businessName ?? user.name, ROLE_LABELS[role])}</p>}
      {owner &&
        (slots.trialBanner ??
          (subscription.isTrial && (
            <div className="notice">
              <strong>{texts.freeTrialActive}</strong>{' '}
              {texts.trialEnds(formatDate(subscription.trialEndDate))}{' '}
              <Link to="/pricing" className="button">
                {texts.upgradeNow}
              </Link>
            </div>
          )))}
      <div className="cards">
        {owner && (slots.subscriptionCard ?? <SubscriptionCard showEndDate subscription={subscription} />)}
        {owner && <AccountDetailsCard user={user} />}
        {owner && (slots.paymentCard ?? <PaymentCard user={user} />)}
        {slots.usageCard ?? <UsageCard user={user} />}
        <TeamUploadsCard />
        {roleAllows(role, 'manager') && slots.earningsCard}
      </div>
      <nav className="actions" aria-label={texts.sellerTools}>
        <Link to="/galleries" className="button">
          {sellerCommonTexts.galleries}
        </Link>
        {roleAllows(role, 'manager') && (
          <Link to="/seller-orders" className="button button-secondary">
            {sellerCommonTexts.orders}
          </Link>
        )}
        {owner && (
          <Link to="/team" className="button button-secondary">
            {texts.team}
          </Link>
        )}
      </nav>
      <div className="actions">
        {owner && (
          <>
            <Link to="/manage-account" className="button">
              {texts.manageAccount}
            </Link>
            <Link to="/profile" className="button button-secondary">
              {texts.profileTitle}
            </Link>
          </>
        )}
        <button type="button" className="button button-secondary" onClick={() => void signOut()}>
          {texts.signOut}
        </button>
      </div>
    </section>
  );
}
