/**
 * Route guards of the account document (section 2): /profile, /dashboard and /manage-account need a
 * signed-in seller (else /signin); /signup, /signin and /reset-password send signed-in sellers to
 * /dashboard. Both check the session, which loads the sign-in library on these routes only.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { roleAllows, type TeamRole } from '#shared/rules/team-roles';
import { teamErrors } from '#shared/texts/team-errors';
import { ErrorMessage } from '../components/error-message';
import { Progress } from '../components/progress';
import { useAuth } from '../lib/auth/auth-store';
import { accountTexts } from '../features/account/texts';

function useSessionCheck() {
  const auth = useAuth();
  const { check } = auth;
  useEffect(() => {
    void check();
  }, [check]);
  return auth;
}

/** A signed-in seller whose role in the business is at least `minRole` (a member below it is told so). */
export function RequireSeller({ children, minRole }: { children: ReactNode; minRole?: TeamRole }) {
  const { status, user, endedBecause } = useSessionCheck();
  const location = useLocation();
  if (status !== 'ready') return <Progress label={accountTexts.checkingSession} />;
  if (!user) return <Navigate to="/signin" replace state={{ from: location.pathname, endedBecause }} />;
  if (minRole && !roleAllows(user.team.role, minRole))
    return (
      <section className="panel">
        <ErrorMessage message={teamErrors.roleRefused} />
        <Link to="/dashboard" className="button">
          {accountTexts.backToDashboard}
        </Link>
      </section>
    );
  return children;
}

export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSessionCheck();
  if (status !== 'ready') return <Progress label={accountTexts.checkingSession} />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
