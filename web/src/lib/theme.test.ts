// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTheme, setTheme, storedTheme, THEME_STORAGE_KEY, useTheme } from './theme';

/** The inline script of web/index.html that sets the theme before the first paint. */
const indexHtml = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

function systemPrefersDark(dark: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function runInlineScript(): string | null {
  document.documentElement.removeAttribute('data-theme');
  new Function(inlineScript)();
  return document.documentElement.getAttribute('data-theme');
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('theme before the first paint (web/index.html)', () => {
  it('follows the system when nothing is stored', () => {
    expect(inlineScript).toContain(`'${THEME_STORAGE_KEY}'`);
    systemPrefersDark(true);
    expect(runInlineScript()).toBe('dark');
    systemPrefersDark(false);
    expect(runInlineScript()).toBe('light');
  });

  it('uses the stored choice over the system', () => {
    systemPrefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(runInlineScript()).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    systemPrefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(runInlineScript()).toBe('dark');
  });
});

describe('setTheme', () => {
  it('shows and stores the choice', () => {
    systemPrefersDark(false);
    setTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(storedTheme()).toBe('dark');
    expect(currentTheme()).toBe('dark');
  });

  it('reads no choice from blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(storedTheme(blocked)).toBeNull();
  });
});

describe('useTheme', () => {
  it('catches up with a system switch made before it subscribed, when nothing is stored', () => {
    systemPrefersDark(true);
    runInlineScript();
    systemPrefersDark(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps a stored choice whatever the system says', () => {
    systemPrefersDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runInlineScript();
    const { result } = renderHook(() => useTheme());
    expect(result.current).toBe('dark');
  });
});
