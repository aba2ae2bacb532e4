import { lazy, type ComponentType } from 'react';

/** A lazily loaded page from a module's named export (each page is its own chunk). */
export function lazyPage<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
