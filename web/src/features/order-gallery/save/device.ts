/**
 * Desktop-class devices get the viewer's Download button (public document, section 2): the client-hints
 * mobile flag when the browser has it, otherwise a user-agent check for android, iphone, ipad, ipod or
 * mobile.
 */
interface NavigatorWithHints {
  userAgent: string;
  userAgentData?: { mobile?: boolean };
}

const MOBILE_USER_AGENT = /android|iphone|ipad|ipod|mobile/i;

export function isDesktopDevice(nav: NavigatorWithHints = navigator): boolean {
  const mobile = nav.userAgentData?.mobile;
  if (typeof mobile === 'boolean') return !mobile;
  return !MOBILE_USER_AGENT.test(nav.userAgent);
}
