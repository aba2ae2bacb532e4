/** A post's category badges, each linking to the list filtered by that category. */
import { Link } from 'react-router';
import type { PostCategory } from './blog-api';
import { listSearch } from './blog-rules';

export function CategoryBadges({ categories }: { categories: PostCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <ul className="category-badges">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            className="category-badge"
            to={`/insights${listSearch({ category: category.slug, page: 1 })}`}
          >
            {category.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
