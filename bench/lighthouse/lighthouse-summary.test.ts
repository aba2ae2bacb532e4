import { describe, expect, it } from 'vitest';
import {
  bestRuns,
  lighthouseNotMeasured,
  lighthouseSummaryRows,
  lighthouseSection,
  rankFailed,
  summarizeLighthouse,
  type FailedAudit,
  type LighthouseResultLike,
  type PageSummary,
} from './lighthouse-summary';

const page = { page: 'Home', url: 'http://localhost:4173/', formFactor: 'mobile' as const };

function audit(id: string, score: number | null, mode = 'binary', extra: Record<string, unknown> = {}) {
  return { id, title: `Title of ${id}`, score, scoreDisplayMode: mode, ...extra };
}

function lhr(): LighthouseResultLike {
  return {
    runWarnings: [],
    audits: {
      'first-contentful-paint': audit('first-contentful-paint', 0.5, 'numeric', { numericValue: 2345.6 }),
      'largest-contentful-paint': audit('largest-contentful-paint', 0.4, 'numeric', { numericValue: 4012 }),
      'total-blocking-time': audit('total-blocking-time', 1, 'numeric', { numericValue: 12.4 }),
      'cumulative-layout-shift': audit('cumulative-layout-shift', 1, 'numeric', { numericValue: 0.0123 }),
      'render-blocking-resources': audit('render-blocking-resources', 0.5, 'metricSavings', {
        displayValue: 'Est savings of 300 ms',
      }),
      'color-contrast': audit('color-contrast', 0),
      'image-alt': audit('image-alt', 1),
      'meta-description': audit('meta-description', 0),
      'is-crawlable': audit('is-crawlable', null, 'notApplicable'),
      'structured-data': audit('structured-data', null, 'manual'),
      'errors-in-console': audit('errors-in-console', 0),
    },
    categories: {
      performance: {
        score: 0.62,
        auditRefs: [
          { id: 'first-contentful-paint', weight: 10, group: 'metrics' },
          { id: 'largest-contentful-paint', weight: 25, group: 'metrics' },
          { id: 'total-blocking-time', weight: 30, group: 'metrics' },
          { id: 'cumulative-layout-shift', weight: 25, group: 'metrics' },
          { id: 'render-blocking-resources', weight: 0 },
        ],
      },
      accessibility: {
        score: 0.894,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 10 },
        ],
      },
      'best-practices': { score: 0.96, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
      seo: {
        score: 0.9,
        auditRefs: [
          { id: 'meta-description', weight: 1 },
          { id: 'is-crawlable', weight: 1 },
          { id: 'structured-data', weight: 0 },
        ],
      },
    },
  };
}

describe('summarizeLighthouse', () => {
  it('turns category scores into 0-100 and keeps the four metrics', () => {
    const summary = summarizeLighthouse(lhr(), page);
    expect(summary.scores).toEqual({
      performance: { score: 62 },
      accessibility: { score: 89 },
      'best-practices': { score: 96 },
      seo: { score: 90 },
    });
    expect(summary.metrics).toEqual({
      firstContentfulPaintMs: 2345.6,
      largestContentfulPaintMs: 4012,
      totalBlockingTimeMs: 12.4,
      cumulativeLayoutShift: 0.0123,
    });
  });

  it('lists failed audits, weighted ones first, without metrics, passes or unscored audits', () => {
    const summary = summarizeLighthouse(lhr(), page);
    expect(summary.failed.map((a) => a.id)).toEqual([
      'color-contrast',
      'errors-in-console',
      'meta-description',
      'render-blocking-resources',
    ]);
    expect(summary.failed[3]).toEqual({
      category: 'performance',
      id: 'render-blocking-resources',
      title: 'Title of render-blocking-resources',
      score: 50,
      detail: 'Est savings of 300 ms',
      weight: 0,
    });
  });

  it('says why a category has no score instead of failing', () => {
    const result = lhr();
    result.categories.accessibility!.score = null;
    result.audits['color-contrast'] = audit('color-contrast', null, 'error', {
      errorMessage: 'Axe timed out',
    });
    delete result.categories.seo;
    const summary = summarizeLighthouse(result, page);
    expect(summary.scores.accessibility).toEqual({ error: 'color-contrast: Axe timed out' });
    expect(summary.scores.seo).toEqual({ error: 'category not in the result' });
    expect(summary.failed.find((a) => a.id === 'color-contrast')).toMatchObject({
      score: undefined,
      detail: 'error: Axe timed out',
    });
  });

  it('prefers the runtime error, which explains every missing score of a broken run', () => {
    const result = lhr();
    result.categories.performance!.score = null;
    result.runtimeError = { code: 'NO_FCP', message: 'The page did not paint any content.' };
    expect(summarizeLighthouse(result, page).scores.performance).toEqual({
      error: 'The page did not paint any content.',
    });
  });

  it('reports an audit shared by two categories once', () => {
    const result = lhr();
    result.categories.seo!.auditRefs.push({ id: 'color-contrast', weight: 3 });
    const ids = summarizeLighthouse(result, page).failed.map((a) => a.id);
    expect(ids.filter((id) => id === 'color-contrast')).toHaveLength(1);
  });
});

describe('rankFailed', () => {
  const failed = (id: string, weight: number, score: number | undefined): FailedAudit => ({
    category: 'seo',
    id,
    title: id,
    score,
    detail: undefined,
    weight,
  });

  it('orders by score lost, then lowest score, errored audits last', () => {
    const ranked = rankFailed([
      failed('errored', 0, undefined),
      failed('light', 1, 0),
      failed('insight-high', 0, 80),
      failed('heavy', 10, 50),
      failed('insight-low', 0, 20),
    ]);
    expect(ranked.map((a) => a.id)).toEqual(['heavy', 'light', 'insight-low', 'insight-high', 'errored']);
  });
});

describe('lighthouseSection', () => {
  it('writes one table row per run, failed runs and missing scores with their reason', () => {
    const summary: PageSummary = summarizeLighthouse(lhr(), page);
    summary.scores.seo = { error: 'robots.txt | unreachable' };
    summary.warnings = ['The page loaded too slowly'];
    const lines = lighthouseSection(
      [
        summary,
        {
          page: 'Article',
          url: 'http://localhost:4173/insights/a',
          formFactor: 'desktop',
          error: 'timed out after 180 s',
        },
      ],
      ['Setup line.'],
      2,
    );
    expect(lines).toContain(
      '| Home (`/`) | mobile | 62 | 89 | 96 | n/a (robots.txt \\| unreachable) | 2.3 s | 4.0 s | 12 ms | 0.012 |',
    );
    expect(lines).toContain(
      '| Article (`/insights/a`) | desktop | run failed: timed out after 180 s | | | | | | | |',
    );
    expect(lines).toContain('Setup line.');
    expect(lines).toContain('  - accessibility: Title of color-contrast (`color-contrast`, 0)');
    expect(lines).toContain('  - and 2 more');
    expect(lines).toContain('  - Lighthouse warning: The page loaded too slowly');
    expect(lines).toContain('- Article, desktop: run failed: timed out after 180 s');
  });

  it('says so when a run has no failed audits', () => {
    const summary = summarizeLighthouse(lhr(), page);
    summary.failed = [];
    expect(lighthouseSection([summary], [])).toContain('- Home, mobile: no failed audits.');
  });
});

describe('lighthouseNotMeasured', () => {
  it('keeps the section in the report with the reason', () => {
    expect(lighthouseNotMeasured('vite build failed')).toEqual([
      '## Lighthouse (public pages)',
      '',
      'Not measured: vite build failed',
      '',
    ]);
  });
});

describe('bestRuns and lighthouseSummaryRows', () => {
  const run = (
    name: string,
    performance: number,
    accessibility = 100,
    formFactor: 'mobile' | 'desktop' = 'mobile',
  ) => {
    const summary = summarizeLighthouse(lhr(), { page: name, url: 'http://localhost:4173/x', formFactor });
    summary.scores.performance = { score: performance };
    summary.scores.accessibility = { score: accessibility };
    return summary;
  };
  const failed = {
    page: 'Home',
    url: 'http://localhost:4173/',
    formFactor: 'mobile' as const,
    error: 'timed out',
  };

  it('picks the run with the best performance per page and form factor; a failed run never wins', () => {
    const groups = bestRuns([
      failed,
      run('Home', 91),
      run('Home', 97, 96),
      run('Home', 95),
      run('Home', 99, 100, 'desktop'),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0]!.runs).toHaveLength(4);
    expect('error' in groups[0]!.best ? undefined : groups[0]!.best.scores.performance).toEqual({
      score: 97,
    });
  });

  it('gives two mobile rows per page, judged on the best run, with every run shown', () => {
    const rows = lighthouseSummaryRows([
      run('Home', 91),
      run('Home', 98, 96),
      failed,
      run('Article', 99),
      run('Article', 97),
      run('Article', 100, 100, 'desktop'),
    ]);
    expect(rows).toEqual([
      {
        figure: 'Lighthouse mobile performance, Home',
        target: '≥ 98 (best of 3)',
        now: '98 (runs: 91, 98, failed)',
        met: true,
      },
      { figure: 'Lighthouse mobile accessibility, Home', target: '100', now: '96', met: false },
      {
        figure: 'Lighthouse mobile performance, Article',
        target: '≥ 98 (best of 3)',
        now: '99 (runs: 99, 97)',
        met: true,
      },
      { figure: 'Lighthouse mobile accessibility, Article', target: '100', now: '100', met: true },
    ]);
  });

  it('gives a missed performance score its measured cause and the page’s remedy', () => {
    const result = lhr();
    result.audits['bootup-time'] = audit('bootup-time', 0.3, 'numeric', {
      details: {
        items: [
          { url: 'http://localhost:4173/assets/index-abc.js', total: 410.4 },
          { url: 'https://captcha.example/recaptcha/releases/x/recaptcha__en.js', total: 1204.6 },
          { url: 'Unattributable', total: 'n/a' },
        ],
      },
    });
    const summary = summarizeLighthouse(result, {
      page: 'Paid order',
      url: 'http://x/orders/1',
      formFactor: 'mobile',
    });
    summary.scores.performance = { score: 76 };
    const [performance] = lighthouseSummaryRows([summary], { 'Paid order': 'Take the check off the path.' });
    expect(performance?.met).toBe(false);
    // LCP scored 0.4 of weight 25 (of 90): 16.7 points; FCP 0.5 of 10: 5.6; TBT and CLS scored 1.
    expect(performance?.cause).toBe(
      'points lost: largest-contentful-paint 17, first-contentful-paint 6; main-thread time by script: ' +
        'recaptcha__en.js 1205 ms, index-abc.js 410 ms. Take the check off the path.',
    );
  });

  it('says a page whose every run failed was not measured', () => {
    const rows = lighthouseSummaryRows([failed]);
    expect(rows[0]).toMatchObject({ now: 'not measured (timed out)', met: false });
  });
});
