/** One home-page section: a heading, its text, an optional button and the phone media beside them. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FeatureSectionProps {
  id: string;
  heading: string;
  body: string;
  action?: { to: string; label: string } | undefined;
  media: ReactNode;
  /** Media on the left on wide screens, so the sections alternate. */
  mediaFirst?: boolean;
}

export function FeatureSection({
  id,
  heading,
  body,
  action,
  media,
  mediaFirst = false,
}: FeatureSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      className={mediaFirst ? 'home-section feature-section media-first' : 'home-section feature-section'}
      aria-labelledby={headingId}
    >
      <div className="home-section-text">
        <h2 id={headingId}>{heading}</h2>
        <p>{body}</p>
        {action && (
          <Link className="button" to={action.to}>
            {action.label}
          </Link>
        )}
      </div>
      <div className="home-section-media">{media}</div>
    </section>
  );
}
