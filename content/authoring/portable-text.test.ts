import { describe, expect, it } from 'vitest';
import { portableText, portableTextWithImages } from './portable-text';

describe('portableText', () => {
  it('makes headings, paragraphs and one block per list item', () => {
    const blocks = portableText('## Title\n\nOne\nline.\n\n- a\n- b\n\n1. first', 'k');
    expect(blocks.map((b) => [b.style, b.listItem, b.children.map((c) => c.text).join('')])).toEqual([
      ['h2', undefined, 'Title'],
      ['normal', undefined, 'One line.'],
      ['normal', 'bullet', 'a'],
      ['normal', 'bullet', 'b'],
      ['normal', 'number', 'first'],
    ]);
  });

  it('marks strong, em, code and links with their mark definitions', () => {
    const [block] = portableText('A **b** *c* `d` [e](/f)', 'k');
    expect(block?.children.map((c) => [c.text, c.marks])).toEqual([
      ['A ', []],
      ['b', ['strong']],
      [' ', []],
      ['c', ['em']],
      [' ', []],
      ['d', ['code']],
      [' ', []],
      ['e', ['kb0l0']],
    ]);
    expect(block?.markDefs).toEqual([{ _type: 'link', _key: 'kb0l0', href: '/f' }]);
  });

  it('turns an image line into an image block with its key, when asked to', () => {
    const image = (name: string, alt: string) => ({ asset: { _ref: `image-${name}` }, alt });
    const blocks = portableTextWithImages('Intro.\n\n![A chart](payoutflow)\n\nEnd.', 'k', image);
    expect(blocks[1]).toEqual({
      _type: 'image',
      _key: 'kb1',
      asset: { _ref: 'image-payoutflow' },
      alt: 'A chart',
    });
    expect(blocks.map((b) => b._type)).toEqual(['block', 'image', 'block']);
  });
});
