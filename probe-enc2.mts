import sharp from 'sharp';
import { readFileSync, readdirSync } from 'node:fs';
sharp.concurrency(1);
const width = 1600, height = 1067;
const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#48a"/></svg>`;
const bench = await sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
const files = readdirSync('local/seed').filter(f => /\.jpe?g$/i.test(f));
console.log(files);
for (const [label, body] of [['bench', bench]] as const) {
  const { data, info } = await sharp(body).resize(2048, 2048, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const px = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const effort of [0, 1, 2, 4]) {
    let best = 1e9, size = 0;
    for (let i = 0; i < 3; i++) { const a = performance.now(); const out = await sharp(data, px).webp({ quality: 80, effort }).toBuffer(); best = Math.min(best, performance.now() - a); size = out.length; }
    console.log(label, 'effort', effort, best.toFixed(0), 'ms', size);
  }
}
