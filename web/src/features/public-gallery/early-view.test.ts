// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COVER_SIZES, EARLY_GALLERY_GLOBAL, earlyViewPath, pinKey, takeEarlyView } from './early-view';

const html = readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
const holder = window as unknown as Record<string, unknown>;

describe("index.html's early public gallery request", () => {
  it('uses the names the page reads it by', () => {
    expect(html).toContain(`window.${EARLY_GALLERY_GLOBAL} =`);
    // pinKey('') is the prefix and '.pin' the suffix around the id.
    expect(html).toContain(`'${pinKey('').replace(/\.pin$/, '')}' + publicId + '.pin'`);
    expect(html).toContain(`'${earlyViewPath('')}' + publicId`);
    expect(html).toContain(`'imagesizes', '${COVER_SIZES}'`);
  });
});

describe('takeEarlyView', () => {
  afterEach(() => {
    holder[EARLY_GALLERY_GLOBAL] = undefined;
  });

  it('gives the answer once, for its gallery and PIN only', () => {
    const response = Promise.resolve(new Response('{}'));
    holder[EARLY_GALLERY_GLOBAL] = { publicId: 'abcdefgh', pin: '', response };
    expect(takeEarlyView('zzzzzzzz', '')).toBeUndefined();
    expect(takeEarlyView('abcdefgh', '1234')).toBeUndefined();
    expect(takeEarlyView('abcdefgh', '')).toBe(response);
    expect(takeEarlyView('abcdefgh', '')).toBeUndefined();
  });
});
