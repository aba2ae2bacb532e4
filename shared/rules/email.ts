import { orderErrors } from '../texts/errors';

/**
 * The order email rule of the public document (section 5): non-empty and contains '@'.
 * Deliberately as loose as the spec; the API validates the address fully.
 * Returns the error text, or null when the address is acceptable.
 */
export function orderEmailError(email: string): string | null {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@') ? null : orderErrors.invalidEmail;
}
