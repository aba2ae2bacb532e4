import { describe, expect, it } from 'vitest';
import { acceptedCanonical, canonicalUrl, ownHosts } from './canonical';

const origins = { site: 'https://shutterlane.com', staging: 'https://staging.shutterlane.com' };

describe('canonical URLs', () => {
  it('knows the three own hosts: main, www and staging', () => {
    expect(ownHosts(origins)).toEqual(['shutterlane.com', 'www.shutterlane.com', 'staging.shutterlane.com']);
  });

  it('accepts a content-store URL only on an own host over https', () => {
    expect(acceptedCanonical('https://www.shutterlane.com/insights/a', origins)).toBe(
      'https://www.shutterlane.com/insights/a',
    );
    expect(acceptedCanonical('https://staging.shutterlane.com/x', origins)).toBe(
      'https://staging.shutterlane.com/x',
    );
    expect(acceptedCanonical('https://evil.example/insights/a', origins)).toBeNull();
    expect(acceptedCanonical('https://shutterlane.com.evil.example/a', origins)).toBeNull();
    expect(acceptedCanonical('http://shutterlane.com/a', origins)).toBeNull();
    expect(acceptedCanonical('not a url', origins)).toBeNull();
    expect(acceptedCanonical(undefined, origins)).toBeNull();
  });

  it('falls back to the path on the main host', () => {
    expect(canonicalUrl('/insights/a', origins, 'https://evil.example/a')).toBe(
      'https://shutterlane.com/insights/a',
    );
    expect(canonicalUrl('/privacy', origins)).toBe('https://shutterlane.com/privacy');
  });
});
