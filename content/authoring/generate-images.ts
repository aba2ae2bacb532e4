/**
 * Renders every artwork of the dataset (artworks.ts) to content/dataset/images as JPEG and writes
 * their `sanity.imageAsset` documents to content/dataset/assets.ndjson, so references resolve.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { artworkSvg, assetId, fileName } from './artwork';
import { ARTWORKS } from './artworks';
import { LOCAL_CONTENT } from './dataset-settings';

const imagesDir = path.join(LOCAL_CONTENT.datasetDir, 'images');
const { projectId, dataset } = LOCAL_CONTENT;

await mkdir(imagesDir, { recursive: true });
const assets: string[] = [];
for (const art of ARTWORKS) {
  const jpeg = await sharp(Buffer.from(artworkSvg(art)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await writeFile(path.join(imagesDir, fileName(art)), jpeg);
  assets.push(
    JSON.stringify({
      _id: assetId(art),
      _type: 'sanity.imageAsset',
      extension: 'jpg',
      mimeType: 'image/jpeg',
      path: `images/${projectId}/${dataset}/${fileName(art)}`,
      size: jpeg.length,
      metadata: {
        dimensions: { width: art.width, height: art.height, aspectRatio: art.width / art.height },
      },
    }),
  );
}
await writeFile(path.join(LOCAL_CONTENT.datasetDir, 'assets.ndjson'), `${assets.join('\n')}\n`);
console.log(`${ARTWORKS.length} images written to ${imagesDir}`);
