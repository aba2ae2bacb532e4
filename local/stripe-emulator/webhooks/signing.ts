/**
 * The `Stripe-Signature` header exactly as Stripe builds it: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's signing secret>`.
 */
import { createHmac } from 'node:crypto';

export const unixNow = (): number => Math.floor(Date.now() / 1000);

export const signPayload = (payload: string, secret: string, timestamp: number): string =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');

export const stripeSignatureHeader = (payload: string, secret: string, timestamp = unixNow()): string =>
  `t=${timestamp},v1=${signPayload(payload, secret, timestamp)}`;
