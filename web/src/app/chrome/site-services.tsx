/**
 * What every page runs besides its content, loaded after it: the www redirect and cookie consent
 * (with the trackers it allows).
 */
import { ConsentController } from './consent-controller';
import { WwwRedirect } from './www-redirect';

export function SiteServices() {
  return (
    <>
      <WwwRedirect />
      <ConsentController />
    </>
  );
}
