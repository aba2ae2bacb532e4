/**
 * Whether customers may see a public gallery: published, and not past its end date. The end
 * date is a calendar day; the gallery closes when that day has ended in UTC.
 */
export interface PublicGalleryState {
  published: boolean;
  endDate?: string | undefined;
}

/** The first instant after the end date (YYYY-MM-DD) in UTC. */
export const closesAt = (endDate: string): Date =>
  new Date(new Date(`${endDate}T00:00:00.000Z`).getTime() + 86_400_000);

export const isClosed = (state: PublicGalleryState, now: Date): boolean =>
  state.endDate !== undefined && now.getTime() >= closesAt(state.endDate).getTime();

export const isOpenToCustomers = (state: PublicGalleryState, now: Date): boolean =>
  state.published && !isClosed(state, now);

/** Epoch seconds at which face data expires (DynamoDB TTL): the gallery's closing, if it has an end date. */
export const faceDataExpiry = (endDate: string | undefined): number | undefined =>
  endDate === undefined ? undefined : Math.floor(closesAt(endDate).getTime() / 1000);
