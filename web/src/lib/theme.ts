/**
 * Light or dark theme (public document, section 2 "Global chrome": the toggle is stored in local
 * storage and defaults to the system preference). The theme is the `data-theme` attribute of <html>,
 * which the inline script of web/index.html sets before the first paint (same key and values as here),
 * so the page never flashes the other theme. Pages that must follow the theme (the pricing table) use
 * `useTheme()`.
 */
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

/** Keep in step with the inline script of web/index.html. */
export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The theme the user chose, or null when they never toggled (or storage is blocked). */
export function storedTheme(storage: Pick<Storage, 'getItem'> = window.localStorage): Theme | null {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme on screen: the attribute, else what the inline script would have chosen. */
export function currentTheme(): Theme {
  const attribute = document.documentElement.dataset.theme;
  return isTheme(attribute) ? attribute : (storedTheme() ?? systemTheme());
}

const listeners = new Set<() => void>();

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  listeners.forEach((listener) => listener());
}

/** Shows and remembers the user's choice. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  applyTheme(theme);
}

/**
 * Until the user chooses, the page follows the system when it switches (e.g. at sunset), including a
 * switch between the inline script and this subscription (the header renders after the app's code
 * loads): no change event tells of that one.
 */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = window.matchMedia?.(DARK_QUERY);
  const followSystem = () => {
    if (storedTheme() === null && currentTheme() !== systemTheme()) applyTheme(systemTheme());
  };
  followSystem();
  query?.addEventListener?.('change', followSystem);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener?.('change', followSystem);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
