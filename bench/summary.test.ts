import { describe, expect, it } from 'vitest';
import { summaryTable, type SummaryRow } from './summary';

const row = (overrides: Partial<SummaryRow>): SummaryRow => ({
  figure: 'a figure',
  target: '≤ 1',
  now: '1',
  met: true,
  ...overrides,
});

describe('summaryTable', () => {
  it('counts the targets met and the hard gates missed, and says each row’s kind', () => {
    const lines = summaryTable([
      row({ figure: 'bundle', gate: true, met: false, cause: 'the SDK' }),
      row({ figure: 'cold start', met: false, cause: 'the captcha' }),
      row({ figure: 'bytes', gate: true }),
    ]);
    expect(lines).toContain('1 of 3 targets met; hard gates missed: 1.');
    expect(lines).toContain('| bundle | gate | ≤ 1 | 1 | NOT met |');
    expect(lines).toContain('| cold start | timing | ≤ 1 | 1 | NOT met |');
    expect(lines).toContain('| bytes | gate | ≤ 1 | 1 | met |');
  });

  it('lists every missed figure with its cause, or says none was measured', () => {
    const lines = summaryTable([
      row({ figure: 'resize', met: false, cause: 'sharp’s threads' }),
      row({ figure: 'zip', met: false }),
    ]);
    expect(lines).toContain('- **resize** (timing): sharp’s threads');
    expect(lines).toContain('- **zip** (timing): no cause measured yet.');
  });

  it('has no causes list when every target is met', () => {
    expect(summaryTable([row({})]).join('\n')).not.toContain('Why the missed figures miss');
  });
});
