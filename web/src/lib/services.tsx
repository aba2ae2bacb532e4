/**
 * What screens need from the outside world, provided once by web/src/app and replaced by fakes in tests:
 * the API client, the human check and full-page navigation (to the card payment page).
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { ExecuteCaptcha } from './captcha';

export interface Services {
  api: ApiClient;
  executeCaptcha: ExecuteCaptcha;
  /** Loads the human check's script ahead of a check the customer is about to need. */
  warmCaptcha: () => void;
  /** Leaves the SPA, e.g. for the payment provider's checkout page. */
  assignLocation: (url: string) => void;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a <ServicesProvider> above it');
  return services;
}

/** For a screen whose one button runs a human check: the check's script loads while the customer reads. */
export function useWarmCaptcha() {
  const { warmCaptcha } = useServices();
  useEffect(() => warmCaptcha(), [warmCaptcha]);
}
