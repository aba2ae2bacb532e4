/**
 * /insights/author/{authorName}: the author's name, avatar, article count and article cards, among the
 * first BLOG_FETCH_DEFAULT posts (spec section 9); 'No articles found' when there are none.
 */
import { Link, useParams } from 'react-router';
import { contentErrors } from '#shared/texts/errors';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { usePageMeta } from '../../lib/seo/page-meta';
import { insightsTexts as texts } from './texts';
import { AuthorAvatar } from './author-card';
import { fetchAuthorPosts, type AuthorPosts } from './blog-api';
import { PostGrid } from './post-card';
import { useQuery, type QueryState } from '../../lib/use-query';
import './insights.css';

export interface AuthorPageProps {
  loadAuthorPosts?: (name: string) => Promise<AuthorPosts>;
}

function AuthorPostsState({ state }: { state: QueryState<AuthorPosts> }) {
  if (state.status === 'loading') return <Progress label={texts.loadingArticles} />;
  if (state.status === 'error') {
    return (
      <p className="error-message" role="alert">
        {contentErrors.loadAuthorPosts}
      </p>
    );
  }
  const { posts } = state.data;
  if (posts.length === 0) return <p className="insights-empty">{contentErrors.noArticles}</p>;
  return (
    <>
      <p className="author-count">{texts.articleCount(posts.length)}</p>
      <PostGrid posts={posts} />
    </>
  );
}

export function AuthorPage({ loadAuthorPosts = fetchAuthorPosts }: AuthorPageProps) {
  // The router decodes the parameter: /insights/author/Maya%20Okafor gives 'Maya Okafor'.
  const { authorName = '' } = useParams();
  const state = useQuery({ key: ['insights-author', authorName], load: () => loadAuthorPosts(authorName) });
  const author = state.status === 'ready' ? state.data.author : null;
  const name = author?.name ?? authorName;
  usePageMeta({ title: texts.authorTitle(name), description: texts.authorDescription(name) });
  return (
    <section className="insights" aria-labelledby="author-heading">
      <Link className="back-link" to="/insights">
        <span aria-hidden="true">← </span>
        {texts.backToInsights}
      </Link>
      <header className="author-header">
        {author && <AuthorAvatar author={author} />}
        <PageHeading id="author-heading">{name}</PageHeading>
      </header>
      <AuthorPostsState state={state} />
    </section>
  );
}
