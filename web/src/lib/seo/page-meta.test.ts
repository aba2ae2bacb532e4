import { expect, it } from 'vitest';
import { documentTitle } from './page-meta';

it('appends the site name once', () => {
  expect(documentTitle('Support Center')).toBe('Support Center | Shutterlane');
  expect(documentTitle('Shutterlane')).toBe('Shutterlane');
  expect(documentTitle('Privacy Policy | Shutterlane')).toBe('Privacy Policy | Shutterlane');
});
