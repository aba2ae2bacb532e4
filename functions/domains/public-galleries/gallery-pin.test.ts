import { describe, expect, it } from 'vitest';
import { hashPin, pinMatches } from './gallery-pin';

describe('gallery PINs', () => {
  it('keeps a salted hash that only the same PIN matches', async () => {
    const stored = await hashPin('4821');
    expect(stored).not.toContain('4821');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await pinMatches('4821', stored)).toBe(true);
    expect(await pinMatches('4822', stored)).toBe(false);
    expect(await pinMatches('04821', stored)).toBe(false);
  });

  it('salts every hash: the same PIN twice gives two hashes', async () => {
    expect(await hashPin('4821')).not.toBe(await hashPin('4821'));
  });

  it('matches nothing against a value that is not such a hash', async () => {
    for (const stored of ['', '4821', 'scrypt$x$8$1$c2FsdA$aGFzaA', 'bcrypt$16384$8$1$c2FsdA$aGFzaA'])
      expect(await pinMatches('4821', stored)).toBe(false);
  });
});
