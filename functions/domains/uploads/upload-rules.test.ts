import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { uploadProblem } from './upload-rules';

const file = (over: Partial<Parameters<typeof uploadProblem>[0][number]> = {}) => ({
  name: 'a.jpg',
  size: 1000,
  contentType: 'image/jpeg',
  clientFileId: 'f1',
  ...over,
});

describe('uploadProblem', () => {
  it('accepts images within the size limit', () => {
    expect(
      uploadProblem([file(), file({ clientFileId: 'f2', contentType: 'image/png', size: MAX_UPLOAD_BYTES })]),
    ).toBe(undefined);
  });

  it('names the first file that is not an image type or too large', () => {
    expect(uploadProblem([file({ name: 'notes.pdf', contentType: 'application/pdf' })])).toBe(
      sellerToolErrors.unsupportedType('notes.pdf'),
    );
    expect(uploadProblem([file({ name: 'big.jpg', size: MAX_UPLOAD_BYTES + 1 })])).toBe(
      sellerToolErrors.tooLarge('big.jpg'),
    );
  });

  it('refuses a batch that names one file twice', () => {
    expect(uploadProblem([file(), file()])).toBe(sellerToolErrors.duplicateFile);
  });
});
