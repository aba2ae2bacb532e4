/** The shared frame of the product pages: the h1 and intro beside the phone media, then the page's sections. */
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { usePageMeta } from '../../lib/seo/page-meta';
import type { TitledText } from './texts';
import './product-pages.css';

export interface ProductPageProps {
  title: string;
  metaDescription: string;
  intro: string;
  /** Under the intro: badges, a call to action. */
  introExtras?: ReactNode;
  media: ReactNode;
  children: ReactNode;
}

export function ProductPage({
  title,
  metaDescription,
  intro,
  introExtras,
  media,
  children,
}: ProductPageProps) {
  usePageMeta({ title, description: metaDescription });
  return (
    <article className="product-page">
      <header className="product-page-header">
        <div className="product-page-intro">
          <PageHeading>{title}</PageHeading>
          <p className="product-page-lead">{intro}</p>
          {introExtras}
        </div>
        <div className="product-page-media">{media}</div>
      </header>
      {children}
    </article>
  );
}

/** A titled section of a product page. */
export function ProductSection({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section className="product-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}

/** Cards of a title and a text (features, what the dashboard tracks). */
export function InfoCards({ items, badge }: { items: readonly TitledText[]; badge?: string }) {
  return (
    <ul className="info-cards">
      {items.map((item) => (
        <li key={item.title} className="info-card">
          <h3>{item.title}</h3>
          {badge && <p className="info-card-badge">{badge}</p>}
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, each with its own heading. */
export function NumberedSteps({ steps }: { steps: readonly TitledText[] }) {
  return (
    <ol className="numbered-steps">
      {steps.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
