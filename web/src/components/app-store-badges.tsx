/**
 * Links to the seller app in the app stores: a badge for each store whose listing is configured
 * (VITE_APP_STORE_URL, VITE_PLAY_STORE_URL), when the appStoreLinks flag is on; none without a listing.
 * The badges are our own SVGs (web/scripts/media/badges.ts), not Apple's or Google's artwork.
 */
import { featureFlags } from '../config/feature-flags';
import { appStoreTexts as texts } from './app-store-texts';
import './app-store-badges.css';

export interface AppStoreLinks {
  appStore: string;
  playStore: string;
}

const configuredLinks = (): AppStoreLinks => ({
  appStore: import.meta.env.VITE_APP_STORE_URL ?? '',
  playStore: import.meta.env.VITE_PLAY_STORE_URL ?? '',
});

/** Whether any badge shows: the flag is on and a store listing is configured. */
export const storeBadgesShown = (shown = featureFlags().appStoreLinks, links = configuredLinks()) =>
  shown && (links.appStore !== '' || links.playStore !== '');

export function AppStoreBadges({
  shown = featureFlags().appStoreLinks,
  links = configuredLinks(),
}: {
  shown?: boolean;
  links?: AppStoreLinks;
}) {
  if (!storeBadgesShown(shown, links)) return null;
  return (
    <ul className="app-store-badges" aria-label={texts.label}>
      {links.appStore && (
        <li>
          <a href={links.appStore} rel="noopener">
            <img src="/media/app-store-badge.svg" alt={texts.appStore} width={176} height={50} />
          </a>
        </li>
      )}
      {links.playStore && (
        <li>
          <a href={links.playStore} rel="noopener">
            <img src="/media/google-play-badge.svg" alt={texts.playStore} width={176} height={50} />
          </a>
        </li>
      )}
    </ul>
  );
}
