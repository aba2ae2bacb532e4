import { describe, expect, it } from 'vitest';
import { serverErrors } from '../texts/errors';
import { publicGalleryErrors } from '../texts/public-gallery-errors';
import { sellerToolErrors } from '../texts/seller-tools-errors';
import { answer, anyText, errorAnswerMatches, sanityAnswer, textMatches } from './error-answers';

describe('textMatches', () => {
  it('takes a fixed text letter for letter', () => {
    expect(textMatches(serverErrors.orderNotFound, 'Order not found')).toBe(true);
    expect(textMatches(serverErrors.orderNotFound, 'Order not found.')).toBe(false);
  });

  it("takes any text a function makes, and none without the function's fixed parts", () => {
    const limit = sellerToolErrors.uploadLimitReached;
    expect(textMatches(limit, limit(140, 150))).toBe(true);
    expect(textMatches(limit, 'Monthly upload limit reached')).toBe(false);
    expect(textMatches(sellerToolErrors.tooLarge, sellerToolErrors.tooLarge('beach.jpg'))).toBe(true);
    expect(textMatches(sellerToolErrors.tooLarge, '"beach.jpg" is too large')).toBe(false);
  });

  it('finds the fixed parts of a text whose words change with its argument (seconds, minutes)', () => {
    for (const seconds of [1, 30, 61, 3_600])
      expect(textMatches(publicGalleryErrors.pinWait, publicGalleryErrors.pinWait(seconds))).toBe(true);
    expect(textMatches(publicGalleryErrors.pinWait, publicGalleryErrors.wrongPin)).toBe(false);
  });

  it('takes anything for anyText', () => {
    expect(textMatches(anyText, 'body.email: invalid value')).toBe(true);
  });
});

describe('errorAnswerMatches', () => {
  const declared = [answer(404, serverErrors.orderNotFound), sanityAnswer(400, anyText)];

  it('needs the status and the text of one declared answer', () => {
    expect(errorAnswerMatches(declared, 404, { message: 'Order not found' })).toBe(true);
    expect(errorAnswerMatches(declared, 410, { message: 'Order not found' })).toBe(false);
    expect(errorAnswerMatches(declared, 404, { message: 'Gallery not found' })).toBe(false);
  });

  it("reads the text where the answer's shape puts it", () => {
    expect(errorAnswerMatches(declared, 400, { error: { description: 'unexpected token', type: 'x' } })).toBe(
      true,
    );
    expect(errorAnswerMatches(declared, 400, { message: 'unexpected token' })).toBe(false);
    expect(errorAnswerMatches(declared, 404, 'Order not found')).toBe(false);
  });
});
