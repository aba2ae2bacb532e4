import { describe, expect, it } from 'vitest';
import { ItemGate } from './dynamodb-item-gate';

describe('ItemGate', () => {
  it('names the items a transaction cannot hold: held by another transaction or under a write', () => {
    const gate = new ItemGate();
    const release = gate.holdForTransaction(['a', 'b']);
    expect(release).toBeInstanceOf(Function);
    const leaveWrite = gate.enterWrite(['c']);
    expect(gate.holdForTransaction(['x', 'b', 'c'])).toEqual({ conflicts: [1, 2] });
    (release as () => void)();
    leaveWrite?.();
    expect(gate.holdForTransaction(['x', 'b', 'c'])).toBeInstanceOf(Function);
  });

  it('refuses a write to an item a transaction holds, and lets concurrent writes to one item through', () => {
    const gate = new ItemGate();
    const release = gate.holdForTransaction(['a']) as () => void;
    expect(gate.enterWrite(['a'])).toBeUndefined();
    release();
    const first = gate.enterWrite(['a']);
    const second = gate.enterWrite(['a']);
    expect(first && second).toBeInstanceOf(Function);
    first?.();
    expect(gate.holdForTransaction(['a'])).toEqual({ conflicts: [0] });
    second?.();
    expect(gate.holdForTransaction(['a'])).toBeInstanceOf(Function);
  });
});
