// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Faq } from './faq-api';
import { HomeFaq } from './home-faq';
import { expectOneOpenAtATime } from '../../testing/accordion';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const faq = (n: number): Faq => ({
  _id: `faq-general-${n}`,
  question: { en: `Question ${n}?` },
  answer: {
    en: [
      {
        _type: 'block',
        _key: `b${n}`,
        style: 'normal',
        markDefs: [],
        children: [{ _type: 'span', _key: `s${n}`, text: `Answer ${n}.`, marks: [] }],
      },
    ],
  },
});

describe('HomeFaq', () => {
  it('shows the loaded FAQs as an accordion with one item open at a time', async () => {
    const faqs = [1, 2, 3, 4, 5].map(faq);
    render(<HomeFaq loadFaqs={() => Promise.resolve(faqs)} />);
    expect(screen.getByRole('status').textContent).toBe('Loading FAQs…');
    const first = await screen.findByRole('button', { name: 'Question 1?' });
    const second = screen.getByRole('button', { name: 'Question 2?' });
    expect(screen.getAllByRole('button')).toHaveLength(5);
    // The fetched FAQs become the page's FAQ structured data (written by an effect after the render).
    const script = await waitFor(() => {
      const found = document.getElementById('faq-structured-data');
      expect(found).not.toBeNull();
      return found!;
    });
    const structured = JSON.parse(script.textContent!);
    expect(structured['@type']).toBe('FAQPage');
    expect(structured.mainEntity.map((item: { name: string }) => item.name)).toEqual(
      faqs.map((f) => f.question.en),
    );
    expect(structured.mainEntity[0].acceptedAnswer.text).toBe('Answer 1.');
    expectOneOpenAtATime(first, second, 'Answer 1.');
  });

  it("says 'Failed to load FAQs.' when the content store cannot be read", async () => {
    render(<HomeFaq loadFaqs={() => Promise.reject(new Error('Failed to fetch FAQs'))} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load FAQs.');
  });

  it('sends the analytics event with the first 50 characters of the question when an item opens', async () => {
    const gtag = vi.fn();
    vi.stubGlobal('gtag', gtag);
    const long: Faq = { ...faq(1), question: { en: `${'A'.repeat(60)}?` } };
    render(<HomeFaq loadFaqs={() => Promise.resolve([long])} />);
    const button = await screen.findByRole('button', { name: long.question.en });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(gtag).toHaveBeenCalledTimes(1);
    expect(gtag).toHaveBeenCalledWith('event', 'faq_open', {
      event_category: 'FAQ',
      event_label: 'A'.repeat(50),
    });
  });
});
