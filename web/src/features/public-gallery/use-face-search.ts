/**
 * Find my photos: the selfie is described on this device (lib/faces/selfie-descriptor.ts, with face-api, loaded
 * only now so the page's first download stays small) and only its descriptor is sent; the server
 * answers the matching photos, closest first, with their previews (they may lie on pages the grid has
 * not loaded). Each step is a state the panel words.
 */
import { useRef, useState } from 'react';
import type { PublicGalleryPhoto } from '#shared/schemas/public-gallery';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { publicGalleryTexts as texts } from './texts';

export type SearchStep =
  | { step: 'idle' }
  | { step: 'describing' }
  | { step: 'searching' }
  | { step: 'no-face' }
  | { step: 'many-faces' }
  | { step: 'no-match' }
  | { step: 'found'; photos: PublicGalleryPhoto[] }
  | { step: 'failed'; message: string };

export interface FaceSearchOptions {
  publicId: string;
  pin: string | undefined;
  /** Matching photos were found, closest first. */
  onFound: (photos: PublicGalleryPhoto[]) => void;
}

export function useFaceSearch({ publicId, pin, onFound }: FaceSearchOptions) {
  const { api } = useServices();
  const [state, setState] = useState<SearchStep>({ step: 'idle' });
  // A newer selfie supersedes a search still running: only the latest one's answer is shown.
  const latest = useRef(0);

  const search = async (selfie: Blob) => {
    const run = ++latest.current;
    const show = (next: SearchStep) => {
      if (run === latest.current) setState(next);
    };
    show({ step: 'describing' });
    try {
      const { describeSelfie } = await import('../../lib/faces/selfie-descriptor');
      const descriptor = await describeSelfie(selfie);
      if (descriptor === 'no-face' || descriptor === 'many-faces') return show({ step: descriptor });
      show({ step: 'searching' });
      const { photos: found } = await api.publicGallerySearch(
        { publicId },
        { ...(pin && { pin }), descriptor: Array.from(descriptor) },
      );
      if (found.length === 0) return show({ step: 'no-match' });
      show({ step: 'found', photos: found });
      if (run === latest.current) onFound(found);
    } catch (error) {
      show({ step: 'failed', message: errorMessage(error, texts.searchFailed) });
    }
  };

  return { state, search, reset: () => setState({ step: 'idle' }) };
}
