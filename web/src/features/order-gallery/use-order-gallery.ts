/**
 * Runs the gallery flow for an order, again on 'Try Again' (a new attempt shows loading); a stale run's
 * answer is dropped. The gallery reports a human check refused after it opened (`checkRefused`): the page
 * then shows the robot-check state until the customer tries again.
 */
import { useState } from 'react';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { loadGallery, type GalleryLoad } from './gallery-load';

export type GalleryState = { kind: 'loading' } | GalleryLoad;

export function useOrderGallery(orderId: string) {
  const services = useServices();
  const [attempt, setAttempt] = useState(0);
  const [refusedAttempt, setRefusedAttempt] = useState<number | null>(null);
  // The flow turns every failure into a state of its own (GalleryLoad), so the query never fails.
  const query = useQuery({
    key: ['order-gallery', orderId, attempt],
    load: () => loadGallery(services, orderId),
  });
  const loaded: GalleryState = query.status === 'ready' ? query.data : { kind: 'loading' };
  const state: GalleryState = refusedAttempt === attempt ? { kind: 'robot-check-failed' } : loaded;
  const retry = () => setAttempt((count) => count + 1);
  const checkRefused = () => setRefusedAttempt(attempt);
  return { state, retry, checkRefused };
}
