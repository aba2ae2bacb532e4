import { describe, expect, it } from 'vitest';
import { chooseSelfieFace } from './selfie-face-choice';

const face = (area: number) => ({ area });

describe('chooseSelfieFace', () => {
  it('takes the only face', () => {
    const only = face(100);
    expect(chooseSelfieFace([only])).toBe(only);
  });

  it('takes the largest face when it is at least twice the next', () => {
    const customer = face(400);
    expect(chooseSelfieFace([face(50), customer, face(200)])).toBe(customer);
  });

  it('refuses faces of like size: whose selfie it is cannot be told', () => {
    expect(chooseSelfieFace([face(400), face(250)])).toBe('many-faces');
  });

  it('says when there is no face', () => {
    expect(chooseSelfieFace([])).toBe('no-face');
  });
});
