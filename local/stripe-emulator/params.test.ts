import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors';
import { parseFormBody } from './form-body';
import { Params } from './params';

const paramsOf = (body: string) => new Params(parseFormBody(body));

const errorOf = (run: () => unknown): StripeApiError => {
  try {
    run();
  } catch (error) {
    if (error instanceof StripeApiError) return error;
    throw error;
  }
  throw new Error('expected a StripeApiError');
};

describe('Params', () => {
  it('names the full path of a missing nested parameter', () => {
    const items = paramsOf('line_items[0][quantity]=1').objectArray('line_items');
    const error = errorOf(() => items[0]?.object('price_data'));
    expect(error.param).toBe('line_items[0][price_data]');
    expect(error.code).toBe('parameter_missing');
    expect(error.message).toBe('Missing required param: line_items[0][price_data].');
  });

  it('rejects integers that are not integers', () => {
    const error = errorOf(() => paramsOf('amount=12.5').integer('amount'));
    expect(error.message).toBe('Invalid integer: 12.5');
    expect(error.code).toBe('parameter_invalid_integer');
  });

  it('enforces minimums and enums', () => {
    expect(errorOf(() => paramsOf('q=0').integer('q', 1)).param).toBe('q');
    expect(errorOf(() => paramsOf('mode=setup').enumOf('mode', ['payment', 'subscription'])).message).toBe(
      'Invalid mode: must be one of payment, or subscription',
    );
  });

  it('treats an empty string as not given', () => {
    expect(paramsOf('email=').optionalString('email')).toBeUndefined();
  });

  it('reports parameters nobody read, nested ones with their path', () => {
    const top = paramsOf('mode=payment&extra=1');
    top.string('mode');
    expect(errorOf(() => top.assertNoUnknown()).message).toBe('Received unknown parameter: extra');

    const nested = paramsOf('price_data[currency]=gbp&price_data[colour]=red');
    nested.object('price_data').string('currency');
    expect(errorOf(() => nested.assertNoUnknown()).param).toBe('price_data[colour]');
  });

  it('applies metadata limits', () => {
    expect(paramsOf('metadata[a]=1&metadata[b]=').metadata()).toEqual({ a: '1' });
    const longKey = 'k'.repeat(41);
    expect(errorOf(() => paramsOf(`metadata[${longKey}]=1`).metadata()).param).toBe(`metadata[${longKey}]`);
  });

  it('updates metadata as Stripe does: set, remove with an empty value, clear all with metadata=', () => {
    const current = { plan: 'basic', userId: 'u1' };
    expect(paramsOf('metadata[plan]=advanced&metadata[userId]=').updatedMetadata(current)).toEqual({
      plan: 'advanced',
    });
    expect(paramsOf('metadata=').updatedMetadata(current)).toEqual({});
    expect(paramsOf('other=1').updatedMetadata(current)).toBe(current);
  });

  it('checks each value of an enum array, naming its index', () => {
    expect(paramsOf('u[0]=email&u[1]=name').enumArray('u', ['email', 'name'])).toEqual(['email', 'name']);
    const error = errorOf(() => paramsOf('u[0]=email&u[1]=phone').enumArray('u', ['email', 'name']));
    expect(error.param).toBe('u[1]');
    expect(error.message).toBe('Invalid u[1]: must be one of email, or name');
  });
});
