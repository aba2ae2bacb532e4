import { describe, expect, it } from 'vitest';
import { withFreshFirstPage } from './paged-list';

const idOf = (item: string) => item;

describe('withFreshFirstPage', () => {
  it('is the fresh page when only the first page was loaded', () => {
    expect(
      withFreshFirstPage(
        { items: ['b', 'c'], nextToken: 't1' },
        2,
        { items: ['a', 'b'], nextToken: 't2' },
        idOf,
      ),
    ).toEqual({
      items: ['a', 'b'],
      nextToken: 't2',
    });
  });

  it('keeps the pages loaded after the first, without repeating an item the fresh page now holds', () => {
    const loaded = { items: ['b', 'c', 'd', 'e'], nextToken: 't2' };
    // 'a' was made on another device: 'c' moved onto page two.
    expect(withFreshFirstPage(loaded, 2, { items: ['a', 'b'], nextToken: 't1' }, idOf)).toEqual({
      items: ['a', 'b', 'c', 'd', 'e'],
      nextToken: 't2',
    });
  });
});
