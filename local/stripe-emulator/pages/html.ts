/** HTML for the hosted pages: an escaping template tag, money formatting and the page shell. */
import { escapeHtml } from '../../../shared/texts/html';
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const render = (value: unknown): string => {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
};

/** Interpolated values are escaped unless they are SafeHtml (e.g. nested `html` fragments). */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): SafeHtml =>
  new SafeHtml(
    strings.reduce(
      (out, text, index) => out + text + (index < values.length ? render(values[index]) : ''),
      '',
    ),
  );

/** `1250, 'gbp'` → `£12.50`; zero-decimal currencies (JPY…) are handled by Intl. */
export const formatAmount = (amount: number, currency: string): string => {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
};

export const formatDate = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1f36}
.banner{background:#ffde92;color:#5f3b00;text-align:center;padding:.4rem;font-size:.9rem}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #8792a2;border-radius:4px}
button{margin-top:1.2rem;width:100%;padding:.7rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:4px;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1a1f36;outline-offset:2px}
.error{color:#a4141a;background:#fde8e8;padding:.6rem;border-radius:4px}
.total{font-size:1.8rem;font-weight:700;margin:.2rem 0 1rem}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.3rem 0}
a{color:#4b45c6}
`;

export const page = (title: string, body: SafeHtml): string =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <p class="banner">Test mode: local Stripe emulator. No real money moves.</p>
        <main>${body}</main>
      </body>
    </html> `.value;
