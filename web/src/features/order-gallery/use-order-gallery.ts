/** Runs the gallery flow for an order, again on 'Try Again'; a stale run's answer is dropped. */
import { useEffect, useState } from 'react';
import { useServices } from '../../lib/services';
import { loadGallery, type GalleryLoad } from './gallery-load';

export type GalleryState = { kind: 'loading' } | GalleryLoad;

export function useOrderGallery(orderId: string) {
  const services = useServices();
  const [state, setState] = useState<GalleryState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void loadGallery(services, orderId).then((result) => {
      if (current) setState(result);
    });
    return () => {
      current = false;
    };
  }, [services, orderId, attempt]);

  const retry = () => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { state, retry };
}
