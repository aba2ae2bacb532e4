/** A post in the list and on the author page: image, up to 2 category badges, title, excerpt, date, author, 'Read More'. */
import { Link } from 'react-router';
import { IMAGE_SIZE_CARD } from '#shared/rules/constants';
import { insightsTexts as texts } from './texts';
import type { PostSummary } from './blog-api';
import { ContentImg } from './blog-images';
import { cardBadges, formatPostDate } from './blog-rules';
import { CategoryBadges } from './category-badges';

export function PostCard({ post }: { post: PostSummary }) {
  const href = `/insights/${post.slug}`;
  return (
    <li className="post-card">
      <ContentImg image={post.mainImage} size={IMAGE_SIZE_CARD} className="post-card-image" />
      <div className="post-card-content">
        <CategoryBadges categories={cardBadges(post.categories)} />
        <h2 className="post-card-title">
          <Link to={href}>{post.title}</Link>
        </h2>
        <p className="post-card-excerpt">{post.excerpt}</p>
        <p className="post-meta">
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
          {post.author && <span className="post-card-author">{post.author.name}</span>}
        </p>
        <Link className="read-more" to={href}>
          {texts.readMore}
          <span className="visually-hidden">: {post.title}</span>
        </Link>
      </div>
    </li>
  );
}

export function PostGrid({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="post-grid">
      {posts.map((post) => (
        <PostCard key={post._id} post={post} />
      ))}
    </ul>
  );
}
