import { describe, expect, it } from 'vitest';
import { formatAmount, html } from './html';

describe('html', () => {
  it('escapes interpolated text but not nested fragments', () => {
    const name = '<script>alert("x")</script>';
    // prettier-ignore
    const rendered = html`<p>${name}</p>${html`<b>ok</b>`}`.value;
    expect(rendered).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><b>ok</b>');
  });

  it('renders arrays and skips empty values', () => {
    expect(html`${['a', html`<i>b</i>`]}${undefined}${false}`.value).toBe('a<i>b</i>');
  });
});

describe('formatAmount', () => {
  it('formats smallest units per currency', () => {
    expect(formatAmount(1250, 'gbp')).toBe('£12.50');
    expect(formatAmount(500, 'jpy')).toBe('JP¥500');
  });
});
