import { describe, expect, it } from 'vitest';
import { openToPhotographer } from './gallery-scope';

describe('openToPhotographer', () => {
  it('opens the galleries a photographer created or was given, and no other', () => {
    expect(openToPhotographer({ createdBy: 'p1' }, 'p1')).toBe(true);
    expect(openToPhotographer({ createdBy: 'o1', photographers: ['p2', 'p1'] }, 'p1')).toBe(true);
    expect(openToPhotographer({ createdBy: 'o1', photographers: ['p2'] }, 'p1')).toBe(false);
    // A gallery made before teams names no creator: the owner's.
    expect(openToPhotographer({}, 'p1')).toBe(false);
  });
});
