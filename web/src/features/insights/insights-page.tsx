/**
 * /insights: the blog list (spec section 2). Category chips plus 'All Posts', a card grid of 9 per page,
 * Previous/Next with 'Page x of y' only when needed; category and page live in the URL query.
 */
import { useSearchParams } from 'react-router';
import { contentErrors } from '#shared/texts/errors';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { usePageMeta } from '../../lib/seo/page-meta';
import { insightsTexts as texts } from './texts';
import { fetchCategories, fetchPostPage, type Category, type PostPage } from './blog-api';
import { parseListParams, type ListParams } from './blog-rules';
import { CategoryChips } from './category-chips';
import { Pagination } from './pagination';
import { PostGrid } from './post-card';
import { useQuery, type QueryState } from '../../lib/use-query';
import './insights.css';

export interface InsightsPageProps {
  loadPosts?: (params: ListParams) => Promise<PostPage>;
  loadCategories?: () => Promise<Category[]>;
}

function PostList({ params, state }: { params: ListParams; state: QueryState<PostPage> }) {
  if (state.status === 'loading') return <Progress label={texts.loadingArticles} />;
  if (state.status === 'error') {
    return (
      <p className="error-message" role="alert">
        {contentErrors.loadArticles}
      </p>
    );
  }
  if (state.data.posts.length === 0) return <p className="insights-empty">{contentErrors.noArticles}</p>;
  return (
    <>
      <PostGrid posts={state.data.posts} />
      <Pagination params={params} total={state.data.total} />
    </>
  );
}

export function InsightsPage({
  loadPosts = fetchPostPage,
  loadCategories = fetchCategories,
}: InsightsPageProps) {
  usePageMeta({ title: texts.heading, description: texts.description });
  const [search] = useSearchParams();
  const { category, page } = parseListParams(search);
  const posts = useQuery({
    key: ['insights-posts', category, page],
    load: () => loadPosts({ category, page }),
  });
  // Without categories the list still works: only 'All Posts' is offered.
  const categories = useQuery({ key: ['insights-categories'], load: loadCategories });
  return (
    <section className="insights" aria-labelledby="insights-heading">
      <PageHeading id="insights-heading">{texts.heading}</PageHeading>
      <CategoryChips categories={categories.status === 'ready' ? categories.data : []} active={category} />
      <PostList params={{ category, page }} state={posts} />
    </section>
  );
}
