/** A use case or event once loaded: title, optional date, description as the lead, and the rich body. */
import type { PortableTextBlock } from '@portabletext/react';
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { RichText } from '../../components/rich-text';

interface ContentArticleProps {
  title: string;
  description?: string;
  body?: PortableTextBlock[];
  /** Shown under the title (the event's date). */
  meta?: ReactNode;
  className: string;
}

export function ContentArticle({ title, description, body, meta, className }: ContentArticleProps) {
  return (
    <article className={`panel content-page ${className}`}>
      <header>
        <PageHeading>{title}</PageHeading>
        {meta}
        {description && <p className="content-page-lead">{description}</p>}
      </header>
      <RichText value={body} />
    </article>
  );
}
