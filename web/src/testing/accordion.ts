/** The FAQ accordions' shared behaviour, as the home page's and the support page's tests check it. */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Clicking `first` opens it and shows `firstAnswer`; clicking `second` closes `first` and opens
 * `second`; clicking `second` again closes it.
 */
export function expectOneOpenAtATime(first: HTMLElement, second: HTMLElement, firstAnswer: string): void {
  expect(screen.getByText(firstAnswer).closest('[hidden]')).not.toBeNull();
  fireEvent.click(first);
  expect(first.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByText(firstAnswer).closest('[hidden]')).toBeNull();
  fireEvent.click(second);
  expect(first.getAttribute('aria-expanded')).toBe('false');
  expect(second.getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(second);
  expect(second.getAttribute('aria-expanded')).toBe('false');
}
