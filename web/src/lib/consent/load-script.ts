/** Adds a third-party script once (async, so it never blocks the page). */
export function loadScript(src: string): void {
  if ([...document.scripts].some((script) => script.src === src)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}
