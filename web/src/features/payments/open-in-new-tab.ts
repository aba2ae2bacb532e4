/**
 * Opens a URL the API hands out (billing portal, Stripe dashboard) in a new tab. The tab is opened at
 * once, inside the click, so popup blockers allow it, and pointed at the URL when it arrives; if the
 * call fails the empty tab is closed again and the error goes to the caller.
 */
export async function openInNewTab(getUrl: () => Promise<string>, delayMs = 0): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await getUrl();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (tab) {
      // The page we open must not be able to navigate ours.
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
