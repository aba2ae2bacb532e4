/** Signing out from a seller screen: sign out (globally), then the countdown page. */
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-store';

export function useSignOutToCountdown() {
  const auth = useAuth();
  const navigate = useNavigate();
  return async () => {
    await auth.signOut();
    navigate('/signout?from_signout=true', { replace: true });
  };
}
