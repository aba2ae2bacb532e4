/** Texts of the content-store pages (public document, section 8). Re-exported by errors.ts. */
export const contentErrors = {
  fetchFaqs: 'Failed to fetch FAQs',
  fetchFaqsByCategory: 'Failed to fetch FAQs by category',
  loadFaqs: 'Failed to load FAQs.',
  loadFaqsLater: 'Failed to load FAQs. Please try again later.',
  loadArticles: 'Failed to load articles. Please try again later.',
  loadArticle: 'Failed to load article. Please try again later.',
  postNotFoundTitle: 'Blog post not found',
  postNotFoundText: "The article you're looking for doesn't exist or has been removed.",
  loadAuthorPosts: 'Failed to load author posts. Please try again later.',
  noArticles: 'No articles found',
  loadPage: 'Failed to load page.',
  pageNotFound: 'Page not found',
  notFound: 'Not found',
  linkCopied: 'Link copied to clipboard!',
} as const;
