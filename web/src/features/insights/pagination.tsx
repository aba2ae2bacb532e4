/**
 * Previous/Next with 'Page x of y', shown only when the total exceeds one page (spec section 2). Links,
 * so each page has its own URL; at either end the unavailable direction is shown disabled.
 */
import { Link } from 'react-router';
import { insightsTexts as texts } from './texts';
import { listSearch, pageCount, showsPagination, type ListParams } from './blog-rules';

function PageLink({ to, label, enabled }: { to: ListParams; label: string; enabled: boolean }) {
  if (!enabled) {
    return (
      <span className="pagination-link" aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <Link className="pagination-link" to={`/insights${listSearch(to)}`} onClick={() => window.scrollTo(0, 0)}>
      {label}
    </Link>
  );
}

export function Pagination({ params, total }: { params: ListParams; total: number }) {
  if (!showsPagination(total)) return null;
  const pages = pageCount(total);
  return (
    <nav className="pagination" aria-label={texts.paginationLabel}>
      <PageLink to={{ ...params, page: params.page - 1 }} label={texts.previous} enabled={params.page > 1} />
      <span className="pagination-status">{texts.pageOf(params.page, pages)}</span>
      <PageLink to={{ ...params, page: params.page + 1 }} label={texts.next} enabled={params.page < pages} />
    </nav>
  );
}
