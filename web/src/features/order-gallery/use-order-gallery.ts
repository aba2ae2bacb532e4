/** Runs the gallery flow for an order, again on 'Try Again' (a new attempt shows loading); a stale run's answer is dropped. */
import { useState } from 'react';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { loadGallery, type GalleryLoad } from './gallery-load';

export type GalleryState = { kind: 'loading' } | GalleryLoad;

export function useOrderGallery(orderId: string) {
  const services = useServices();
  const [attempt, setAttempt] = useState(0);
  // The flow turns every failure into a state of its own (GalleryLoad), so the query never fails.
  const query = useQuery({
    key: ['order-gallery', orderId, attempt],
    load: () => loadGallery(services, orderId),
  });
  const state: GalleryState = query.status === 'ready' ? query.data : { kind: 'loading' };
  const retry = () => setAttempt((count) => count + 1);
  return { state, retry };
}
