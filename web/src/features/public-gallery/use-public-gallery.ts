/**
 * Opens a public gallery: asks the server for it with the PIN the customer typed (none at first), and
 * words the answer as the page's states. A 403 is the server asking for a PIN, or refusing the one
 * typed; its message says which. After too many wrong PINs the server may ask for the human check (run
 * here, invisibly, and the PIN sent again with its token), a wait (429) or say the PIN is locked (423). The PIN that worked is kept for this tab only (sessionStorage), so a
 * reload does not ask again while closing the tab forgets it.
 */
import { useState } from 'react';
import { CAPTCHA_ACTIONS } from '#shared/contract/captcha-actions';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { ApiError, createApiClient, type ApiClient } from '../../lib/api-client';
import type { ExecuteCaptcha } from '../../lib/captcha';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { keepPin, storedPin, takeEarlyView } from './early-view';
import { publicGalleryTexts as texts } from './texts';

/**
 * The PIN step. `tried`: a PIN was sent and refused (else the gallery just asks for one); `checking`: one
 * is on its way; `locked`: too many wrong PINs locked it (no PIN opens it now); `waitSeconds`: after too
 * many wrong PINs the gallery takes the next one only after this wait.
 */
export interface PinState {
  kind: 'pin';
  message: string;
  tried: boolean;
  checking: boolean;
  locked?: boolean;
  waitSeconds?: number;
}

export type GalleryState =
  | { kind: 'loading' }
  | PinState
  | { kind: 'not-found' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; view: PublicGalleryView; pin: string | undefined };

/** The server asks for the human check before it takes another PIN (after too many wrong ones). */
const asksForCheck = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.message === publicGalleryErrors.pinCheckNeeded;

/** The view for this PIN; when the gallery asks for the human check first, runs it and asks again. */
async function openView(
  first: ApiClient,
  again: ApiClient,
  executeCaptcha: ExecuteCaptcha,
  { publicId, pin }: { publicId: string; pin: string },
): Promise<PublicGalleryView> {
  try {
    return await first.publicGallery({ publicId }, pin ? { pin } : {});
  } catch (error) {
    if (!asksForCheck(error)) throw error;
    const captchaToken = await executeCaptcha(CAPTCHA_ACTIONS.publicGalleryPin).catch(() => {
      throw new ApiError(texts.captchaFailed, 403, 'Forbidden');
    });
    return again.publicGallery({ publicId }, { pin, captchaToken });
  }
}

/** A refusal of the PIN step as the form shows it: the server's words, the human check's in ours. */
function pinState(error: ApiError, tried: boolean): GalleryState | undefined {
  const message = error.message.includes('captcha') ? texts.captchaFailed : error.message;
  if (error.status === 403) return { kind: 'pin', message, tried, checking: false };
  if (error.status === 423) return { kind: 'pin', message, tried, checking: false, locked: true };
  if (error.status === 429 && tried)
    return { kind: 'pin', message, tried, checking: false, waitSeconds: error.retryAfterSeconds ?? 1 };
  return undefined;
}

export function usePublicGallery(publicId: string) {
  const { api, executeCaptcha } = useServices();
  const [pin, setPin] = useState(() => storedPin(publicId));
  // Set once the server asked for a PIN: from then on a load in progress is a PIN being checked.
  const [askedForPin, setAskedForPin] = useState(false);
  const query = useQuery({
    key: ['public-gallery', publicId, pin],
    load: async () => {
      try {
        // The entry script's request for this gallery, when it made one: read like any answer.
        const early = takeEarlyView(publicId, pin);
        const client = early ? createApiClient({ fetch: () => early }) : api;
        const view = await openView(client, api, executeCaptcha, { publicId, pin });
        keepPin(publicId, pin);
        return view;
      } catch (error) {
        if (error instanceof ApiError && pinState(error, pin !== '')) {
          setAskedForPin(true);
          // Only a wrong PIN is forgotten: a locked or waiting gallery may take the same one later.
          if (pin && error.message === publicGalleryErrors.wrongPin) keepPin(publicId, '');
        }
        throw error;
      }
    },
  });

  const state = ((): GalleryState => {
    if (query.status === 'ready') return { kind: 'ready', view: query.data, pin: pin || undefined };
    if (query.status === 'loading')
      return askedForPin ? { kind: 'pin', message: '', tried: false, checking: true } : { kind: 'loading' };
    const { error } = query;
    const refusal = error instanceof ApiError ? pinState(error, pin !== '') : undefined;
    if (refusal) return refusal;
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    return { kind: 'error', message: errorMessage(error, texts.loadFailed) };
  })();

  return {
    state,
    submitPin: (typed: string) => {
      // The same PIN again (a retry after a network failure) needs a load of its own: the key is unchanged.
      if (typed === pin) void query.refetch();
      else setPin(typed);
    },
    retry: () => void query.refetch(),
  };
}
