/**
 * /insights/{slug}: one article (spec section 2): categories, title, excerpt, date, Share, the author
 * card, the main image and the rich body, with loading, failed and not-found states.
 */
import { Link, useParams } from 'react-router';
import { IMAGE_SIZE_ARTICLE } from '#shared/rules/constants';
import { contentErrors } from '#shared/texts/errors';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { RichText } from '../../components/rich-text';
import { usePageMeta, type PageMeta } from '../../lib/seo/page-meta';
import { insightsTexts as texts } from './texts';
import { fetchPost, type Post } from './blog-api';
import { ContentImg } from './blog-images';
import { formatPostDate } from './blog-rules';
import { AuthorCard } from './author-card';
import { CategoryBadges } from './category-badges';
import { ShareButton } from './share-button';
import { useQuery, type QueryState } from '../../lib/use-query';
import './insights.css';

export interface ArticlePageProps {
  loadPost?: (slug: string) => Promise<Post | null>;
}

const BackLink = () => (
  <Link className="back-link" to="/insights">
    <span aria-hidden="true">← </span>
    {texts.backToInsights}
  </Link>
);

function Article({ post }: { post: Post }) {
  return (
    <article className="insights-article">
      <CategoryBadges categories={post.categories} />
      <PageHeading>{post.title}</PageHeading>
      <p className="article-excerpt">{post.excerpt}</p>
      <div className="article-meta">
        <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
        <ShareButton title={post.title} />
      </div>
      {post.author && <AuthorCard author={post.author} />}
      <ContentImg
        image={post.mainImage}
        size={IMAGE_SIZE_ARTICLE}
        className="article-image"
        eager
        largestPaint
      />
      <RichText value={post.body} />
    </article>
  );
}

function pageMeta(state: QueryState<Post | null>): PageMeta {
  if (state.status !== 'ready') return { title: texts.heading, description: texts.description };
  if (!state.data) return { title: texts.notFoundTitle, description: contentErrors.postNotFoundText };
  const { title, excerpt, canonicalUrl } = state.data;
  return { title, description: excerpt, ...(canonicalUrl && { canonicalUrl }) };
}

function ArticleState({ state }: { state: QueryState<Post | null> }) {
  if (state.status === 'loading') return <Progress label={texts.loadingArticle} />;
  if (state.status === 'error') {
    return (
      <p className="error-message" role="alert">
        {contentErrors.loadArticle}
      </p>
    );
  }
  if (!state.data) {
    return (
      <div className="panel">
        <PageHeading>{contentErrors.postNotFoundTitle}</PageHeading>
        <p>{contentErrors.postNotFoundText}</p>
      </div>
    );
  }
  return <Article post={state.data} />;
}

export function ArticlePage({ loadPost = fetchPost }: ArticlePageProps) {
  const { slug = '' } = useParams();
  const state = useQuery({ key: ['insights-post', slug], load: () => loadPost(slug) });
  usePageMeta(pageMeta(state));
  return (
    <div className="insights insights-article-page">
      <BackLink />
      <ArticleState state={state} />
    </div>
  );
}
