import { describe, expect, it } from 'vitest';
import { portableText } from './portable-text';

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
});
