/** The list's category filter: 'All Posts' and one chip per category, as links so the state is in the URL. */
import { Link } from 'react-router';
import { insightsTexts as texts } from './texts';
import type { Category } from './blog-api';
import { listSearch } from './blog-rules';

function Chip({ slug, title, active }: { slug: string | null; title: string; active: boolean }) {
  return (
    <li>
      <Link
        className="category-chip"
        to={`/insights${listSearch({ category: slug, page: 1 })}`}
        aria-current={active ? 'page' : undefined}
      >
        {title}
      </Link>
    </li>
  );
}

export function CategoryChips({ categories, active }: { categories: Category[]; active: string | null }) {
  return (
    <nav aria-label={texts.categoriesLabel}>
      <ul className="category-chips">
        <Chip slug={null} title={texts.allPosts} active={active === null} />
        {categories.map((category) => (
          <Chip
            key={category._id}
            slug={category.slug}
            title={category.title}
            active={active === category.slug}
          />
        ))}
      </ul>
    </nav>
  );
}
