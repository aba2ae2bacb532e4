/**
 * What a page writes to the clipboard. Our Permissions-Policy allows clipboard-write and forbids
 * clipboard-read (shared/platform/security-headers.ts), so a test cannot read the clipboard back in the page:
 * it records each writeText call, and the real write still happens (the page's "copied" message shows
 * only once it resolves).
 */
import type { BrowserContext, Page } from 'playwright-core';

interface Recorded {
  clipboardWrites?: string[];
}

export async function recordClipboardWrites(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const { clipboard } = navigator;
    if (!clipboard) return;
    const write = clipboard.writeText.bind(clipboard);
    const recorded = window as Recorded;
    recorded.clipboardWrites = [];
    clipboard.writeText = (text: string) => {
      recorded.clipboardWrites?.push(text);
      return write(text);
    };
  });
}

/** The texts the page has written to the clipboard, oldest first. */
export const clipboardWrites = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as Recorded).clipboardWrites ?? []);
