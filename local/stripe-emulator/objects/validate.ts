/** Checks of values Stripe validates the same way wherever they appear. */
import { invalidRequest } from '../errors';

export const requireUrl = (value: string, param: string): string => {
  try {
    const url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // fall through to the error below
  }
  throw invalidRequest('Not a valid URL', param, 'url_invalid');
};

export const requireEmail = (value: string, param: string): string => {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return value;
  throw invalidRequest(`Invalid email address: ${value}`, param, 'email_invalid');
};

export const requireCurrency = (value: string, param: string): string => {
  const currency = value.toLowerCase();
  if (/^[a-z]{3}$/.test(currency)) return currency;
  throw invalidRequest(`Invalid currency: ${value}. Stripe currently supports these currencies: ...`, param);
};
