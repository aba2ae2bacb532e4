/**
 * The seller's payment-acceptance status (GET /connect/status). After a return from onboarding
 * (connect_success / connect_refresh) it polls every 2 s, up to 15 times, and stops once a dashboard
 * URL arrives (account document, sections 4 and 9).
 */
import { useCallback } from 'react';
import { CONNECT_POLL_INTERVAL_MS, CONNECT_POLL_MAX_ATTEMPTS } from '#shared/rules/constants';
import { connectErrors } from '#shared/texts/errors';
import type { RouteResponse } from '#shared/contract/routes';
import { ApiError } from '../../lib/api-client';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';

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
  const query = useQuery({
    key: ['connect-status'],
    enabled,
    load: () =>
      api.connectStatus().catch((failure: unknown) => {
        console.error(connectErrors.statusFailed, failure);
        throw failure;
      }),
    pollAfter: ({ data, answers }) =>
      pollAfterReturn && !data?.dashboardUrl && answers < CONNECT_POLL_MAX_ATTEMPTS
        ? CONNECT_POLL_INTERVAL_MS
        : false,
  });
  const { refetch } = query;
  const refresh = useCallback(
    async () => (await refetch().then((answer) => (answer.ok ? answer.data : null))) ?? null,
    [refetch],
  );
  return {
    status: query.data ?? null,
    error: query.status === 'error' ? messageOf(query.error) : null,
    // Until the first answer, a return from onboarding counts as polling.
    polling: enabled && pollAfterReturn && (query.status === 'loading' || query.polling),
    refresh,
  };
}
