import { createElement, lazy, type ComponentType } from 'react';

/**
 * A lazily loaded page from a module's named export (each page is its own chunk). `preload()` fetches it
 * ahead of the first render; once it has loaded, the page renders at once instead of suspending, so a page
 * whose first screen index.html has drawn replaces that screen in one step (no loading indicator between).
 */
export function lazyPage<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  let loaded: ComponentType<Props> | undefined;
  const Lazy = lazy<ComponentType<Props>>(() => load().then((module) => ({ default: module[name] })));
  const Page = (props: Props) => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
    });
  return Object.assign(Page, { preload });
}
