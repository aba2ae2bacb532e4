/** The business-type cards of the home page from the content store (dataset type businessType), in display order. */
import { pagesClient } from '../../lib/content';

export interface BusinessType {
  _id: string;
  title: string;
  description: string;
  whyItMatters: string[];
}

export const BUSINESS_TYPES_QUERY = `*[_type == "businessType" && !(_id in path("drafts.**"))]
  | order(order asc){ _id, title, description, "whyItMatters": coalesce(whyItMatters, []) }`;

/** Marketing content like the use cases, so the same client: API version 2023-01-01, no CDN. */
export const fetchBusinessTypes = (): Promise<BusinessType[]> =>
  pagesClient().fetch<BusinessType[]>(BUSINESS_TYPES_QUERY);
