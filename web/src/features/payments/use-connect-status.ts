/**
 * The seller's payment-acceptance status (GET /connect/status). After a return from onboarding
 * (connect_success / connect_refresh) it polls every 2 s, up to 15 times, and stops once a dashboard
 * URL arrives (account document, sections 4 and 9).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONNECT_POLL_INTERVAL_MS, CONNECT_POLL_MAX_ATTEMPTS } from '#shared/constants';
import { connectErrors } from '#shared/errors';
import type { RouteResponse } from '#shared/routes';
import { ApiError } from '../../lib/api-client';
import { useServices } from '../../lib/services';

export type ConnectStatusAnswer = RouteResponse<'connectStatus'>;

export interface ConnectStatusState {
  status: ConnectStatusAnswer | null;
  error: string | null;
  polling: boolean;
  refresh(): Promise<ConnectStatusAnswer | null>;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status === 401 ? connectErrors.noToken : connectErrors.statusFailed;

export function useConnectStatus(enabled: boolean, pollAfterReturn: boolean): ConnectStatusState {
  const { api } = useServices();
  const [status, setStatus] = useState<ConnectStatusAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [polling, setPolling] = useState(enabled && pollAfterReturn);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const answer = await api.connectStatus();
      if (mounted.current) {
        setStatus(answer);
        setError(null);
      }
      return answer;
    } catch (failure) {
      console.error(connectErrors.statusFailed, failure);
      if (mounted.current) setError(messageOf(failure));
      return null;
    }
  }, [api]);

  useEffect(() => {
    mounted.current = true;
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const poll = async () => {
      attempts += 1;
      const answer = await refresh();
      if (!mounted.current) return;
      if (!pollAfterReturn || answer?.dashboardUrl || attempts >= CONNECT_POLL_MAX_ATTEMPTS) {
        setPolling(false);
        return;
      }
      timer = setTimeout(() => void poll(), CONNECT_POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      mounted.current = false;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, pollAfterReturn, refresh]);

  return { status, error, polling, refresh };
}
