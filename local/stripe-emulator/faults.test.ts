import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors';
import { FaultPlan, readFaultSpec } from './faults';

describe('FaultPlan', () => {
  it('applies a fault to the next `count` matching calls only', () => {
    const plan = new FaultPlan();
    plan.add(readFaultSpec({ path: '/v1/checkout/sessions', kind: 'error', count: 2 }));
    expect(plan.take('GET', '/v1/checkout/sessions')).toBeUndefined();
    expect(plan.take('POST', '/v1/checkout/sessions/cs_1')).toBeUndefined();
    expect(plan.take('POST', '/v1/checkout/sessions')).toBe('error');
    expect(plan.take('POST', '/v1/checkout/sessions')).toBe('error');
    expect(plan.take('POST', '/v1/checkout/sessions')).toBeUndefined();
    expect(plan.list()).toEqual([]);
  });

  it('matches `*` within one path segment, and any method with `*`', () => {
    const plan = new FaultPlan();
    plan.add(readFaultSpec({ method: '*', path: '/v1/checkout/sessions/*/expire', kind: 'drop' }));
    expect(plan.take('POST', '/v1/checkout/sessions/cs_1/line_items')).toBeUndefined();
    expect(plan.take('POST', '/v1/checkout/sessions/a/b/expire')).toBeUndefined();
    expect(plan.take('POST', '/v1/checkout/sessions/cs_1/expire')).toBe('drop');
  });

  it('tries faults in the order planned, and forgets them all on clear', () => {
    const plan = new FaultPlan();
    plan.add(readFaultSpec({ path: '/v1/refunds', kind: 'hang' }));
    plan.add(readFaultSpec({ path: '/v1/*', kind: 'error', count: 5 }));
    expect(plan.take('POST', '/v1/refunds')).toBe('hang');
    expect(plan.take('POST', '/v1/refunds')).toBe('error');
    expect(plan.clear()).toBe(1);
    expect(plan.take('POST', '/v1/refunds')).toBeUndefined();
  });

  it.each([
    [{ path: '/v1/refunds', kind: 'explode' }, 'kind'],
    [{ path: 'refunds', kind: 'error' }, 'path'],
    [{ path: '/v1/refunds', kind: 'error', count: 0 }, 'count'],
    [{ path: '/v1/refunds', kind: 'error', method: 'PATCH' }, 'method'],
  ])('refuses a bad plan %j', (spec, param) => {
    expect(() => readFaultSpec(spec)).toThrow(StripeApiError);
    expect(() => readFaultSpec(spec)).toThrow(expect.objectContaining({ param }));
  });
});
