/**
 * Writes Portable Text (Sanity's rich text) from a small plain-text form, so the dataset's sources
 * read like prose: paragraphs separated by blank lines, `## ` / `### ` headings, `> ` quotes,
 * `- ` bullets and `1. ` numbered items; `**strong**`, `*em*` and `` `code` `` inline; and
 * `[label](https://...)` links (and, with portableTextWithImages, `![alt](artwork)` images). Keys are derived from the document key, so rebuilding is stable.
 */
export interface Span {
  _type: 'span';
  _key: string;
  text: string;
  marks: string[];
}
export interface LinkDef {
  _type: 'link';
  _key: string;
  href: string;
}
export interface Block {
  _type: 'block';
  _key: string;
  style: 'normal' | 'h2' | 'h3' | 'h4' | 'blockquote';
  markDefs: LinkDef[];
  children: Span[];
  listItem?: 'bullet' | 'number';
  level?: number;
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|\[(.+?)\]\((.+?)\)/g;

function spans(text: string, key: string): Pick<Block, 'children' | 'markDefs'> {
  const children: Span[] = [];
  const markDefs: LinkDef[] = [];
  const push = (value: string, marks: string[]) => {
    if (value !== '') children.push({ _type: 'span', _key: `${key}s${children.length}`, text: value, marks });
  };
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    push(text.slice(last, match.index), []);
    const [, strong, em, code, label, href] = match;
    if (strong !== undefined) push(strong, ['strong']);
    else if (em !== undefined) push(em, ['em']);
    else if (code !== undefined) push(code, ['code']);
    else if (label !== undefined && href !== undefined) {
      const linkKey = `${key}l${markDefs.length}`;
      markDefs.push({ _type: 'link', _key: linkKey, href });
      push(label, [linkKey]);
    }
    last = match.index + match[0].length;
  }
  push(text.slice(last), []);
  return { children, markDefs };
}

function block(line: string, key: string): Block {
  const make = (style: Block['style'], text: string, list?: Block['listItem']): Block => ({
    _type: 'block',
    _key: key,
    style,
    ...spans(text, key),
    ...(list && { listItem: list, level: 1 }),
  });
  if (line.startsWith('### ')) return make('h3', line.slice(4));
  if (line.startsWith('## ')) return make('h2', line.slice(3));
  if (line.startsWith('> ')) return make('blockquote', line.slice(2));
  if (line.startsWith('- ')) return make('normal', line.slice(2), 'bullet');
  const numbered = /^\d+\. (.*)$/.exec(line);
  if (numbered?.[1] !== undefined) return make('normal', numbered[1], 'number');
  return make('normal', line);
}

function sourceLines(source: string): string[] {
  const lines: string[] = [];
  for (const group of source.trim().split(/\n\s*\n/)) {
    const rows = group.split('\n').map((row) => row.trim());
    if (rows.every((row) => /^(- |\d+\. )/.test(row))) lines.push(...rows);
    else lines.push(rows.join(' '));
  }
  return lines;
}

/** Portable Text blocks of `source`; list items are one block per line, paragraphs one per blank-line group. */
export function portableText(source: string, key: string): Block[] {
  return sourceLines(source).map((line, index) => block(line, `${key}b${index}`));
}

/** An image block of the body: `{ _type: 'image', asset, alt }` plus its key. */
export type ImageBlock = { _type: 'image'; _key: string } & Record<string, unknown>;

const IMAGE_LINE = /^!\[(.*)\]\(([A-Za-z0-9]+)\)$/;

/**
 * As portableText, and a line `![alt](name)` on its own becomes an inline image; `image` turns the
 * artwork name and alt text into the image value (asset reference), so this module needs no artworks.
 */
export function portableTextWithImages(
  source: string,
  key: string,
  image: (name: string, alt: string) => Record<string, unknown>,
): (Block | ImageBlock)[] {
  return sourceLines(source).map((line, index) => {
    const match = IMAGE_LINE.exec(line);
    if (match?.[1] === undefined || match[2] === undefined) return block(line, `${key}b${index}`);
    return { ...image(match[2], match[1]), _type: 'image', _key: `${key}b${index}` };
  });
}
