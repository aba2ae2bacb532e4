/**
 * A seller page on a network that is there but barely (one bar at a harbour, a festival's saturated
 * cell): the seller app's worker (seller-worker.ts) waits this long for the page, then opens the shell it
 * keeps while the network's answer, when it comes, still refreshes the kept copy. Pure apart from the
 * timer, so it is unit-tested without a worker.
 */

/** Long enough for a slow but working network to answer first; short enough not to feel broken. */
export const SHELL_NETWORK_WAIT_MS = 4000;

/**
 * The network's answer if it comes within `waitMs`; otherwise the kept one, or (with none kept) the
 * network's whenever it comes. A network failure falls back to the kept answer at once.
 */
export async function networkWithinOrKept<T>(
  network: Promise<T>,
  kept: () => Promise<T | undefined>,
  waitMs = SHELL_NETWORK_WAIT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), waitMs);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    return (await kept()) ?? (await network);
  } catch (error) {
    const answer = await kept();
    if (answer !== undefined) return answer;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
