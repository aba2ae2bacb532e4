import { describe, expect, it } from 'vitest';
import { wwwRedirectTarget } from './www-redirect';

describe('wwwRedirectTarget', () => {
  it('keeps path, query and hash on the bare host', () => {
    expect(wwwRedirectTarget('https://www.shutterlane.com/support?tab=1#account-faq-1')).toBe(
      'https://shutterlane.com/support?tab=1#account-faq-1',
    );
  });

  it('keeps the port', () => {
    expect(wwwRedirectTarget('http://www.localhost:5173/insights')).toBe('http://localhost:5173/insights');
  });

  it('leaves other hosts alone', () => {
    expect(wwwRedirectTarget('https://shutterlane.com/')).toBeNull();
    expect(wwwRedirectTarget('https://staging.shutterlane.com/')).toBeNull();
    expect(wwwRedirectTarget('https://wwwx.shutterlane.com/')).toBeNull();
  });
});
