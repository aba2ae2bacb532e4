/**
 * Texts of the insights blog (/insights, /insights/{slug}, /insights/author/{authorName}). Quoted texts of
 * the spec letter for letter; ours are marked "ours". Error, not-found and empty texts: shared/texts/errors.ts.
 */
export const insightsTexts = {
  heading: 'Insights', // ours: the navigation's label
  description:
    'Guides, ideas and product news for photographers who deliver and sell photos with Shutterlane.', // ours
  categoriesLabel: 'Filter articles by category', // ours
  allPosts: 'All Posts',
  readMore: 'Read More',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  paginationLabel: 'Article pages', // ours
  loadingArticles: 'Loading articles…', // ours
  loadingArticle: 'Loading article…', // ours
  share: 'Share',
  copyLinkPrompt: 'Copy this link:', // ours: when the clipboard is unavailable too
  backToInsights: 'Back to Insights', // ours
  writtenBy: 'Written by', // ours
  moreFromAuthor: (name: string) => `More articles by ${name}`, // ours: the author card's link
  authorTitle: (name: string) => `Articles by ${name}`, // ours: the author page's title
  authorDescription: (name: string) => `Articles by ${name} on the Shutterlane insights blog.`, // ours
  articleCount: (count: number) => (count === 1 ? '1 article' : `${count} articles`), // ours
  notFoundTitle: 'Article not found', // ours: the document title of the not-found state
} as const;
