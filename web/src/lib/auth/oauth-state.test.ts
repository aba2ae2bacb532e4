import { describe, expect, it, vi } from 'vitest';
import { encodeSignInState, returnPathFromState, safeReturnPath, withRetries } from './oauth-state';

describe('hosted sign-in state', () => {
  it('carries the return path hex-encoded', () => {
    const state = encodeSignInState('/manage-account?tab=1', 1_000);
    expect(state).toMatch(/^[0-9a-f]+$/);
    expect(returnPathFromState(state, 1_000 + 60_000)).toBe('/manage-account?tab=1');
  });

  it('expires after 3 minutes', () => {
    const state = encodeSignInState('/profile', 0);
    expect(returnPathFromState(state, 3 * 60_000)).toBe('/profile');
    expect(returnPathFromState(state, 3 * 60_000 + 1)).toBe('/dashboard');
  });

  it('falls back to /dashboard for missing, malformed or foreign states', () => {
    expect(returnPathFromState(null)).toBe('/dashboard');
    expect(returnPathFromState('zz')).toBe('/dashboard');
    expect(returnPathFromState('ff')).toBe('/dashboard');
    expect(returnPathFromState(encodeSignInState('https://evil.example/', 0), 0)).toBe('/dashboard');
    expect(safeReturnPath('//evil.example')).toBe('/dashboard');
  });

  it('retries at most 3 times', async () => {
    const attempt = vi.fn().mockRejectedValue(new Error('not yet'));
    await expect(withRetries(attempt, 0)).rejects.toThrow('not yet');
    expect(attempt).toHaveBeenCalledTimes(3);
    const later = vi.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValue('ok');
    await expect(withRetries(later, 0)).resolves.toBe('ok');
    expect(later).toHaveBeenCalledTimes(2);
  });
});
