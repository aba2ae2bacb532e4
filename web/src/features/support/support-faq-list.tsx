/**
 * One category's FAQs: questions as accordion buttons (aria-expanded, one open at a time, public
 * document section 2), each open answer with a 'Copy Link' button that copies the item's deep link.
 * Items carry the 'category-faqId' id, so the browser's own fragment handling agrees with ours.
 */
import { PortableText } from '@portabletext/react';
import { useEffect, useState } from 'react';
import { supportTexts as texts } from './texts';
import { trackFaqOpened } from '../../lib/faq-analytics';
import { faqHash, type SupportFaqItem } from './support-faqs';

/** How long 'Link copied' stays on screen. */
export const COPIED_NOTICE_MS = 2000;

type CopyResult = 'copied' | 'failed';

interface FaqListProps {
  category: string;
  items: SupportFaqItem[];
  openId: string | null;
  onToggle: (faqId: string) => void;
  /** Copies the item's link; resolves false when copying failed. */
  onCopyLink: (faqId: string) => Promise<boolean>;
}

function useCopyNotice() {
  const [notice, setNotice] = useState<CopyResult | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}

function FaqItem({
  category,
  item,
  open,
  onToggle,
  onCopyLink,
}: { item: SupportFaqItem; open: boolean } & Omit<FaqListProps, 'items' | 'openId'>) {
  const [notice, setNotice] = useCopyNotice();
  const anchor = faqHash(category, item._id);
  const questionId = `${anchor}-question`;
  const answerId = `${anchor}-answer`;
  return (
    <li className="support-faq" id={anchor}>
      <h2>
        <button
          type="button"
          id={questionId}
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => {
            if (!open) trackFaqOpened(item.question.en);
            onToggle(item._id);
          }}
        >
          <span>{item.question.en}</span>
          <span className="support-faq-marker" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </h2>
      <div id={answerId} className="support-faq-answer" hidden={!open}>
        <PortableText value={item.answer.en} />
        <div className="support-copy">
          <button
            type="button"
            className="button-secondary support-copy-button"
            aria-describedby={questionId}
            onClick={async () => setNotice((await onCopyLink(item._id)) ? 'copied' : 'failed')}
          >
            {texts.copyLink}
          </button>
          <span role="status" className="support-copy-notice">
            {notice === 'copied' && texts.linkCopied}
            {notice === 'failed' && texts.copyFailed}
          </span>
        </div>
      </div>
    </li>
  );
}

export function SupportFaqList({ category, items, openId, onToggle, onCopyLink }: FaqListProps) {
  return (
    <ul className="support-faqs">
      {items.map((item) => (
        <FaqItem
          key={item._id}
          category={category}
          item={item}
          open={openId === item._id}
          onToggle={onToggle}
          onCopyLink={onCopyLink}
        />
      ))}
    </ul>
  );
}
