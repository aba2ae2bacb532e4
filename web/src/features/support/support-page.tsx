/**
 * /support (public document, section 2): the FAQs from the content store in category tabs (account
 * first), expandable items with deep links by hash and 'Copy Link', the support portal and the two
 * support mailboxes. The FAQ structured data follows the fetched FAQs.
 */
import { useId, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { contentErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { FaqStructuredData } from '../../components/faq-structured-data';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { usePageMeta } from '../../lib/seo/page-meta';
import { useQuery } from '../../lib/use-query';
import { supportTexts as texts } from './texts';
import { copyToClipboard } from './copy-link';
import { fetchSupportFaqs } from './support-api';
import { SupportContact, supportContacts, type SupportContacts } from './support-contact';
import { SupportFaqList } from './support-faq-list';
import { faqHash, faqUrl, type SupportCategory } from './support-faqs';
import { SupportTabs } from './support-tabs';
import { useFaqDeepLink } from './use-faq-deep-link';
import './support.css';

interface SupportPageProps {
  loadFaqs?: () => Promise<SupportCategory[]>;
  copyText?: (text: string) => Promise<boolean>;
  contacts?: SupportContacts;
}

export function SupportPage({
  loadFaqs = fetchSupportFaqs,
  copyText = copyToClipboard,
  contacts = supportContacts(),
}: SupportPageProps) {
  usePageMeta({ title: texts.heading, description: texts.description });
  const state = useQuery({ key: ['support-faqs'], load: loadFaqs });
  const categories = state.status === 'ready' ? state.data : null;
  const selection = useFaqDeepLink(categories);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const idPrefix = useId();
  const allFaqs = useMemo(() => categories?.flatMap((group) => group.items) ?? [], [categories]);
  const current = categories?.find((group) => group.category === selection.selected);

  async function copyLink(category: string, faqId: string): Promise<boolean> {
    const pageUrl = new URL(`${pathname}${search}`, window.location.origin).href;
    if (await copyText(faqUrl(pageUrl, category, faqId))) return true;
    // The clipboard is refused (an insecure page, a denied permission): put the link in the address bar.
    void navigate({ hash: faqHash(category, faqId) }, { replace: true });
    return false;
  }

  return (
    <section className="panel support-page">
      <PageHeading>{texts.heading}</PageHeading>
      <p className="hint">{texts.intro}</p>
      {state.status === 'loading' && <Progress label={texts.loading} />}
      <ErrorMessage message={state.status === 'error' ? contentErrors.loadFaqsLater : null} />
      {categories?.length === 0 && <p>{texts.empty}</p>}
      {categories && current && (
        <SupportTabs
          categories={categories}
          selected={current.category}
          onSelect={selection.selectCategory}
          idPrefix={idPrefix}
        >
          <SupportFaqList
            category={current.category}
            items={current.items}
            openId={selection.openId}
            onToggle={selection.toggleFaq}
            onCopyLink={(faqId) => copyLink(current.category, faqId)}
          />
        </SupportTabs>
      )}
      <FaqStructuredData faqs={allFaqs} />
      <SupportContact contacts={contacts} />
    </section>
  );
}
