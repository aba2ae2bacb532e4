import { describe, expect, it } from 'vitest';
import { JourneyStopped, StepRunner, conciseMessage, stepLine, verdict, withDeadline } from './steps';

/** A clock that moves on by `stepMs` at each reading. */
const tickingClock = (stepMs: number) => {
  let now = 0;
  return () => (now += stepMs);
};

describe('StepRunner', () => {
  it('times each step, prints it as it ends and hands back its value', async () => {
    const lines: string[] = [];
    const steps = new StepRunner((line) => lines.push(line), 1000, tickingClock(1500));
    expect(await steps.run('seller signs in', async () => 'page')).toBe('page');
    expect(steps.results).toEqual([{ name: 'seller signs in', status: 'passed', ms: 1500 }]);
    expect(lines).toEqual(['  ok        1.5 s  seller signs in']);
  });

  it('records a failure with its reason, and stops the journey it belongs to', async () => {
    const steps = new StepRunner(() => undefined, 1000, tickingClock(10));
    const ran: string[] = [];
    const result = await steps.journey(async () => {
      await steps.run('creates the gallery', () => Promise.reject(new Error('the page says "No"')));
      ran.push('after');
      return 'made';
    });
    expect(result).toBeUndefined();
    expect(ran).toEqual([]);
    expect(steps.results).toEqual([
      { name: 'creates the gallery', status: 'failed', ms: 10, detail: 'the page says "No"' },
    ]);
  });

  it('fails a step that outlasts the step timeout', async () => {
    const steps = new StepRunner(() => undefined, 20);
    await expect(steps.run('uploads', () => new Promise(() => undefined))).rejects.toThrow(JourneyStopped);
    expect(steps.results[0]).toMatchObject({ status: 'failed', detail: 'uploads: no result within 0.02 s' });
  });

  it('lets errors that are not a step’s failure through', async () => {
    const steps = new StepRunner(() => undefined, 1000);
    await expect(steps.journey(() => Promise.reject(new TypeError('a bug')))).rejects.toThrow(TypeError);
  });

  it('records a skipped step with its reason and no time', () => {
    const lines: string[] = [];
    const steps = new StepRunner((line) => lines.push(line), 1000);
    steps.skip('customer journey', 'there is no paid order');
    expect(steps.results).toEqual([
      { name: 'customer journey', status: 'skipped', ms: 0, detail: 'there is no paid order' },
    ]);
    expect(lines).toEqual(['  skipped          customer journey: there is no paid order']);
  });
});

describe('withDeadline', () => {
  it('passes the value or failure of work done in time', async () => {
    await expect(withDeadline(Promise.resolve(1), 50, 'x')).resolves.toBe(1);
    await expect(withDeadline(Promise.reject(new Error('no')), 50, 'x')).rejects.toThrow('no');
  });

  it('rejects, naming the work, when time runs out first', async () => {
    await expect(withDeadline(new Promise(() => undefined), 10, 'opening the order')).rejects.toThrow(
      'opening the order: no result within 0.01 s',
    );
  });
});

describe('conciseMessage', () => {
  it('keeps the first line and what Playwright was waiting for, not the whole call log', () => {
    const playwright = new Error(
      [
        'locator.waitFor: Timeout 54000ms exceeded.',
        'Call log:',
        "  - waiting for getByRole('heading', { name: 'Your Photos' }) to be visible",
        '    42 × locator resolved to hidden <h1>…</h1>',
      ].join('\n'),
    );
    expect(conciseMessage(playwright)).toBe(
      "locator.waitFor: Timeout 54000ms exceeded. (waiting for getByRole('heading', { name: 'Your Photos' }) to be visible)",
    );
    expect(conciseMessage(new Error('one line'))).toBe('one line');
    expect(conciseMessage('thrown text')).toBe('thrown text');
  });
});

describe('stepLine and verdict', () => {
  it('prints a failed step with its time and reason', () => {
    expect(stepLine({ name: 'uploads', status: 'failed', ms: 61_234, detail: 'no result' })).toBe(
      '  FAILED   61.2 s  uploads: no result',
    );
  });

  it('passes when steps passed and none failed, counting skipped steps aloud', () => {
    const passed = { name: 'a', status: 'passed', ms: 1 } as const;
    const skipped = { name: 'b', status: 'skipped', ms: 0 } as const;
    const failed = { name: 'c', status: 'failed', ms: 1 } as const;
    expect(verdict([passed, passed], 12_340)).toEqual({ passed: true, line: 'PASS: 2 passed in 12.3 s' });
    expect(verdict([passed, skipped], 1000)).toEqual({
      passed: true,
      line: 'PASS: 1 passed, 1 skipped in 1.0 s',
    });
    expect(verdict([passed, failed, skipped], 1000)).toEqual({
      passed: false,
      line: 'FAIL: 1 passed, 1 failed, 1 skipped in 1.0 s',
    });
    expect(verdict([skipped], 1000).passed).toBe(false);
    expect(verdict([], 1000).passed).toBe(false);
  });
});
