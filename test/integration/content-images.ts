/** The content API's image checks, shared by the content server's and the content Lambda's tests. */
import sharp from 'sharp';
import { expect } from 'vitest';

/** A 1200 × 675 JPEG of the bundled dataset, which every image test asks for at 400 × 250. */
export const DATASET_IMAGE = { asset: { _ref: 'image-divingblue-1200x675-jpg' } };

/** Fetches `url` and checks that it answers a JPEG of exactly `width` × `height`. */
export async function expectJpegOfSize(url: string, width: number, height: number): Promise<void> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', width, height]);
}
