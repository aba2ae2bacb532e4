/**
 * Our own line icons for the FAQ categories (public document, section 2): decorative, hidden from
 * assistive technology since the tab's title says the same. Unknown categories get a question mark.
 */
import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  // A person: accounts.
  account: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </>
  ),
  // A shield: data lifecycle and privacy.
  technical: (
    <>
      <path d="M12 3 4 6v6c0 4.6 3.4 8.3 8 9 4.6-.7 8-4.4 8-9V6z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  // A speech bubble: general questions.
  general: <path d="M4 5h16v11H9l-5 4z" />,
  // A camera: the product.
  product: (
    <>
      <path d="M3 8h4l2-3h6l2 3h4v11H3z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  // A paper plane: delivery of photos.
  shipping: <path d="M21 3 3 10l7 3 3 7zM10 13l11-10" />,
  // A counter-clockwise arrow: refunds.
  returns: (
    <>
      <path d="M4 4v6h6" />
      <path d="M4.5 10A8 8 0 1 1 6 17" />
    </>
  ),
};

const UNKNOWN = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
  </>
);

export function CategoryIcon({ category }: { category: string }) {
  return (
    <svg
      className="support-tab-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[category] ?? UNKNOWN}
    </svg>
  );
}
