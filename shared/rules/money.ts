import { PLATFORM_FEE_PERCENT } from './constants';

/** Currencies Stripe counts without minor units (the rest use two decimals for our purposes). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export const minorUnitDigits = (currency: string): number =>
  ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;

/** Major units (as the seller types them, e.g. 12.5) to integer minor units (1250), rounded to the nearest unit. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitDigits(currency));
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/**
 * Our application fee: 5% of the total in minor units, rounded half up to the nearest minor unit
 * (1250 → 62.5 → 63). Integer arithmetic, so no floating-point drift: round(total * 5 / 100).
 */
export function applicationFeeMinor(totalMinor: number): number {
  if (!Number.isInteger(totalMinor) || totalMinor < 0)
    throw new RangeError('totalMinor must be a non-negative integer');
  return Math.floor((totalMinor * PLATFORM_FEE_PERCENT + 50) / 100);
}

/** An amount in major units as people read it in the UK: `£4.50`. */
export const formatMoney = (amount: number, currency: string): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
