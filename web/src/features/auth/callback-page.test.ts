import { describe, expect, it } from 'vitest';
import { callbackQueryError } from './callback-page';

describe('callback query', () => {
  it('exchanges a code', () => {
    expect(callbackQueryError(new URLSearchParams('code=abc&state=00'))).toBeNull();
  });
  it('shows error_description, else error, else no code received', () => {
    expect(
      callbackQueryError(new URLSearchParams('error=access_denied&error_description=Denied+by+user')),
    ).toBe('Denied by user');
    expect(callbackQueryError(new URLSearchParams('error=access_denied'))).toBe('access_denied');
    expect(callbackQueryError(new URLSearchParams(''))).toBe('No authorization code received');
  });
});
