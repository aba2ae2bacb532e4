import { describe, expect, it } from 'vitest';
import { decodeSalesOp, encodeSalesOp } from './dashboard-sales';

describe('sales ops', () => {
  it('round-trip a change and its id, negative amounts and ids with colons included', () => {
    for (const [id, delta] of [
      ['evt_1', 1500],
      ['evt_2', -500],
      ['evt:with:colons', 0],
    ] as const) {
      expect(decodeSalesOp(encodeSalesOp(id, delta))).toEqual({ opId: id, deltaMinor: delta });
    }
  });

  it('refuse what is not an op', () => {
    expect(decodeSalesOp('evt_1')).toBeUndefined();
    expect(decodeSalesOp('12:')).toBeUndefined();
    expect(decodeSalesOp('1.5:evt')).toBeUndefined();
  });
});
