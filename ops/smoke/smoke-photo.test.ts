import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SMOKE_PHOTO_NAME, SMOKE_PHOTO_SIZE, smokePhoto } from './smoke-photo';

describe('smokePhoto', () => {
  it('is a small JPEG a browser can upload as a file', async () => {
    const photo = await smokePhoto();
    expect(photo).toMatchObject({ name: SMOKE_PHOTO_NAME, mimeType: 'image/jpeg' });
    expect(await sharp(photo.buffer).metadata()).toMatchObject({ format: 'jpeg', ...SMOKE_PHOTO_SIZE });
    expect(photo.buffer.length).toBeLessThan(200_000);
  });
});
