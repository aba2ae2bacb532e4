import { describe, expect, it } from 'vitest';
import { Router } from './router';

describe('Router', () => {
  const router = new Router<string>()
    .add('GET', '/v1/accounts/:id', 'retrieve')
    .add('POST', '/v1/accounts/:id/login_links', 'login');

  it('matches method, path and captures parameters', () => {
    expect(router.match('GET', '/v1/accounts/acct_1')).toEqual({
      handler: 'retrieve',
      pathParams: { id: 'acct_1' },
    });
    expect(router.match('POST', '/v1/accounts/acct_1/login_links')?.handler).toBe('login');
  });

  it('does not match another method or length', () => {
    expect(router.match('POST', '/v1/accounts/acct_1')).toBeUndefined();
    expect(router.match('GET', '/v1/accounts')).toBeUndefined();
  });
});
