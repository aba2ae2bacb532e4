/**
 * Route guards of the account document (section 2): /profile, /dashboard and /manage-account need a
 * signed-in seller (else /signin); /signup, /signin and /reset-password send signed-in sellers to
 * /dashboard. Both check the session, which loads the sign-in library on these routes only.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
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

export function RequireSeller({ children }: { children: ReactNode }) {
  const { status, user } = useSessionCheck();
  const location = useLocation();
  if (status !== 'ready') return <Progress label={accountTexts.checkingSession} />;
  if (!user) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  return children;
}

export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSessionCheck();
  if (status !== 'ready') return <Progress label={accountTexts.checkingSession} />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
