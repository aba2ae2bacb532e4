/** Test doubles for the services screens take from <ServicesProvider>. */
import { vi } from 'vitest';
import type { ApiClient } from '../lib/api-client';
import type { CaptchaAction } from '../lib/captcha';
import type { Services } from '../lib/services';

/** An API client with only the given methods; any other call fails the test loudly. */
export function fakeApi(methods: Partial<ApiClient>): ApiClient {
  return new Proxy(methods, {
    get(target, name: string) {
      const method = target[name as keyof ApiClient];
      return method ?? (() => Promise.reject(new Error(`fake api: ${name} was not set up`)));
    },
  }) as ApiClient;
}

/**
 * Services with a fake API, a human check answering `token-{action}` (its warm-up recorded) and a recorded
 * page navigation.
 */
export function fakeServices(api: Partial<ApiClient>) {
  const executeCaptcha = vi.fn(async (action: CaptchaAction) => `token-${action}`);
  const warmCaptcha = vi.fn<() => void>();
  const assignLocation = vi.fn<(url: string) => void>();
  return { api: fakeApi(api), executeCaptcha, warmCaptcha, assignLocation } satisfies Services;
}

/** A promise the test settles when it wants, to look at the screen while a request runs. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
