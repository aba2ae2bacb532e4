/**
 * The home page's FAQ section: the first 5 general FAQs as an accordion with one item open at a time,
 * 'Failed to load FAQs.' when the content store cannot be read. The content client is imported on
 * demand, so the hero renders without waiting for it. The loaded FAQs also feed the page's FAQ
 * structured data.
 */
import { PortableText } from '@portabletext/react';
import { useId, useState } from 'react';
import { contentErrors } from '#shared/texts/errors';
import { FaqStructuredData } from '../../components/faq-structured-data';
import { trackFaqOpened } from '../../lib/faq-analytics';
import { useQuery } from '../../lib/use-query';
import { homeFaqTexts as texts } from './faq-texts';
import type { Faq } from './faq-api';

const loadHomeFaqs = async (): Promise<Faq[]> => (await import('./faq-api')).fetchHomeFaqs();

function FaqItem({ faq, open, onToggle }: { faq: Faq; open: boolean; onToggle: () => void }) {
  const answerId = `${useId()}-answer`;
  return (
    <li className="faq-item">
      <h3>
        <button type="button" aria-expanded={open} aria-controls={answerId} onClick={onToggle}>
          {faq.question.en}
        </button>
      </h3>
      <div id={answerId} className="faq-answer" hidden={!open}>
        <PortableText value={faq.answer.en} />
      </div>
    </li>
  );
}

export function HomeFaq({ loadFaqs = loadHomeFaqs }: { loadFaqs?: () => Promise<Faq[]> }) {
  const state = useQuery({ key: ['home-faqs'], load: loadFaqs });
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section className="home-section home-faq" aria-labelledby="home-faq-heading">
      <h2 id="home-faq-heading">{texts.heading}</h2>
      {state.status === 'loading' && <p role="status">{texts.loading}</p>}
      {state.status === 'error' && <p role="alert">{contentErrors.loadFaqs}</p>}
      {state.status === 'ready' && <FaqStructuredData faqs={state.data} />}
      {state.status === 'ready' && (
        <ul className="faq-list">
          {state.data.map((faq) => (
            <FaqItem
              key={faq._id}
              faq={faq}
              open={openId === faq._id}
              onToggle={() => {
                if (openId !== faq._id) trackFaqOpened(faq.question.en);
                setOpenId((id) => (id === faq._id ? null : faq._id));
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
