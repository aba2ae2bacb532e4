import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors';
import { parseFormBody, splitKey } from './form-body';

describe('splitKey', () => {
  it('splits nested and indexed keys', () => {
    expect(splitKey('line_items[0][price_data][currency]')).toEqual([
      'line_items',
      '0',
      'price_data',
      'currency',
    ]);
    expect(splitKey('expand[]')).toEqual(['expand', '']);
    expect(splitKey('mode')).toEqual(['mode']);
  });
});

describe('parseFormBody', () => {
  it('builds nested hashes and arrays the way the stripe SDK encodes them', () => {
    const body =
      'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][currency]=gbp' +
      '&line_items[1][quantity]=1&metadata[orderId]=o%201&expand[]=a&expand[]=b';
    expect(JSON.parse(JSON.stringify(parseFormBody(body)))).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { currency: 'gbp' } }, { quantity: '1' }],
      metadata: { orderId: 'o 1' },
      expand: ['a', 'b'],
    });
  });

  it('accepts percent-encoded brackets and plus as space', () => {
    expect(parseFormBody('metadata%5Bname%5D=a+b').metadata).toEqual({ name: 'a b' });
  });

  it('orders array items by index', () => {
    expect(parseFormBody('a[1]=second&a[0]=first').a).toEqual(['first', 'second']);
  });

  it('refuses a key given both as a value and as a hash', () => {
    expect(() => parseFormBody('metadata=x&metadata[a]=b')).toThrow(StripeApiError);
  });

  it('keeps __proto__ as plain data', () => {
    const parsed = parseFormBody('__proto__[polluted]=yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed)).toEqual(['__proto__']);
  });
});
