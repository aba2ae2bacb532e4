/**
 * Opens a public gallery: asks the server for it with the PIN the customer typed (none at first), and
 * words the answer as the page's states. A 403 is the server asking for a PIN, or refusing the one
 * typed; its message says which. The PIN that worked is kept for this tab only (sessionStorage), so a
 * reload does not ask again while closing the tab forgets it.
 */
import { useState } from 'react';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { ApiError, createApiClient } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { keepPin, storedPin, takeEarlyView } from './early-view';
import { publicGalleryTexts as texts } from './texts';

export type GalleryState =
  | { kind: 'loading' }
  /** `tried`: a PIN was sent and refused (else the gallery just asks for one); `checking`: one is on its way. */
  | { kind: 'pin'; message: string; tried: boolean; checking: boolean }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; view: PublicGalleryView; pin: string | undefined };

export function usePublicGallery(publicId: string) {
  const { api } = useServices();
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
        const view = await client.publicGallery({ publicId }, pin ? { pin } : {});
        keepPin(publicId, pin);
        return view;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) {
          setAskedForPin(true);
          if (pin) keepPin(publicId, '');
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
    if (error instanceof ApiError && error.status === 403)
      return { kind: 'pin', message: error.message, tried: pin !== '', checking: false };
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
