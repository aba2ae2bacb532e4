import { describe, expect, it } from 'vitest';
import { ExpiringMap } from './cognito-expiring';

describe('ExpiringMap', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('finds a value by its handle until it expires, then says it expired', () => {
    const time = clock();
    const map = new ExpiringMap<string>(1000, undefined, time.now);
    const handle = map.add('value');
    expect(handle).toMatch(/^[A-Za-z0-9+/]{64}$/);
    time.advance(999);
    expect(map.get(handle)).toEqual({ found: true, value: 'value' });
    time.advance(1);
    expect(map.get(handle)).toEqual({ found: false, expired: true });
    expect(map.get(handle)).toEqual({ found: false, expired: false });
  });

  it('lets a taken handle work once', () => {
    const map = new ExpiringMap<number>(1000);
    const handle = map.add(42);
    expect(map.take(handle)).toEqual({ found: true, value: 42 });
    expect(map.take(handle)).toEqual({ found: false, expired: false });
  });

  it('makes handles with the given maker, and forgets deleted ones', () => {
    let next = 0;
    const map = new ExpiringMap<string>(1000, () => `code-${++next}`);
    expect(map.add('a')).toBe('code-1');
    expect(map.add('b')).toBe('code-2');
    map.delete('code-1');
    expect(map.get('code-1')).toEqual({ found: false, expired: false });
    expect(map.get('code-2')).toEqual({ found: true, value: 'b' });
  });
});
