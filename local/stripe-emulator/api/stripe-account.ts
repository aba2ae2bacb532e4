/**
 * The `Stripe-Account` header: the platform's secret key acting on one of its connected accounts
 * (what the SDK sends for the `stripeAccount` request option). The account must exist and be
 * connected to this platform, else Stripe's `account_invalid` (403). Every account the emulator
 * knows was made by the platform, so every known account is connected to it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorContext } from '../context';
import type { Owner } from '../objects/ownership';
import { noAccessToAccount } from './auth';

export const readStripeAccount = (ctx: EmulatorContext, headers: IncomingHttpHeaders): Owner => {
  const raw = headers['stripe-account'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (value === undefined || value === '') return null;
  if (ctx.state.accounts[value] === undefined) throw noAccessToAccount(ctx.secretKey, value);
  return value;
};
