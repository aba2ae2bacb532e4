/**
 * An expensive start (loading a model, opening a connection) run once and shared by every caller, with a
 * failed start forgotten so the next call tries again: a dropped download or a cold backend that did not
 * come up is not kept as the answer for the life of the process or page.
 */
export function onceAsync<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    started ??= start().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
}
