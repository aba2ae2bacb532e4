import { describe, expect, it } from 'vitest';
import { uploadUsagePercent } from './upload-usage';

describe('uploadUsagePercent', () => {
  it('is uploads over the limit, capped at 100%', () => {
    expect(uploadUsagePercent(0, 100)).toBe(0);
    expect(uploadUsagePercent(25, 100)).toBe(25);
    expect(uploadUsagePercent(100, 100)).toBe(100);
    expect(uploadUsagePercent(150, 100)).toBe(100);
    expect(uploadUsagePercent(1, 0)).toBe(100);
  });
});
