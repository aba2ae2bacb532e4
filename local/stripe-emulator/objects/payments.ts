/** The customer a subscription Checkout Session pays for: the one it names, or a new one. */
import type { EmulatorContext } from '../context';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import type { Customer } from './types';

export const findOrCreateCustomer = (ctx: EmulatorContext, id: string | null, email: string): Customer => {
  const existing = id === null ? undefined : ctx.state.customers[id];
  if (existing !== undefined) return existing;
  const customer: Customer = {
    id: newId('customer'),
    object: 'customer',
    email,
    name: null,
    created: unixNow(),
    metadata: {},
    livemode: false,
  };
  ctx.state.customers[customer.id] = customer;
  return customer;
};
