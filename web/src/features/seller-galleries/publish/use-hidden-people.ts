/**
 * The seller's hidden people and withheld photos of a public gallery: the first page loaded, further
 * pages of withheld photos on demand, and each change's answer (or a reload) as the new state.
 */
import { useState } from 'react';
import type { HiddenPeopleView } from '#shared/schemas/public-gallery';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';

/** The pages loaded after the first: their photos, and where the next begins (none after the last). */
interface LaterPages {
  withheld: HiddenPeopleView['withheld'];
  nextToken: string | undefined;
}

export function useHiddenPeople(galleryId: string) {
  const { api } = useServices();
  const query = useQuery({
    key: ['hidden-people', galleryId],
    load: () => api.listHiddenPeople({ galleryId }),
  });
  const [later, setLater] = useState<LaterPages | null>(null);
  const view = query.data;
  const nextToken = later ? later.nextToken : view?.nextToken;
  return {
    query,
    view,
    withheld: [...(view?.withheld ?? []), ...(later?.withheld ?? [])],
    hasMore: nextToken !== undefined,
    loadMore: async () => {
      if (!nextToken) return;
      const page = await api.listHiddenPeople({ galleryId, nextToken });
      setLater((shown) => ({
        withheld: [...(shown?.withheld ?? []), ...page.withheld],
        nextToken: page.nextToken,
      }));
    },
    /** Starts over from an answer (after a change), or reloads. */
    reset: (next?: HiddenPeopleView) => {
      setLater(null);
      if (next) query.setData(() => next);
      else void query.refetch();
    },
  };
}
