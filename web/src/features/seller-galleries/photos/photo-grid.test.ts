import { describe, expect, it } from 'vitest';
import { columnsFor } from './photo-grid';

describe('columnsFor', () => {
  it('gives a column per 180 px, from 2 on a phone to 8 on a wide screen', () => {
    expect(columnsFor(0)).toBe(2);
    expect(columnsFor(360)).toBe(2);
    expect(columnsFor(720)).toBe(4);
    expect(columnsFor(1080)).toBe(6);
    expect(columnsFor(1440)).toBe(8);
    expect(columnsFor(4000)).toBe(8);
  });
});
