import { describe, expect, it } from 'vitest';
import { isDesktopDevice } from './device';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

describe('desktop-class devices', () => {
  it('trusts the client-hints mobile flag when present', () => {
    expect(isDesktopDevice({ userAgent: 'iPhone', userAgentData: { mobile: false } })).toBe(true);
    expect(isDesktopDevice({ userAgent: DESKTOP_UA, userAgentData: { mobile: true } })).toBe(false);
  });

  it.each(['Android 14', 'iPhone OS 18', 'iPad; CPU OS 17', 'iPod touch', 'Firefox Mobile'])(
    'falls back to the user agent: %s is not desktop',
    (userAgent) => expect(isDesktopDevice({ userAgent })).toBe(false),
  );

  it('takes any other user agent as desktop', () => {
    expect(isDesktopDevice({ userAgent: DESKTOP_UA })).toBe(true);
  });
});
