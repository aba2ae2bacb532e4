/**
 * The resize trigger's throughput: photos per second for 24 MP JPEGs, both variants (400 px thumbnail
 * and 2048 px copy, each as JPEG and as WebP, and the grid-sized WebP: five files from one decode), read from and written to the S3 stand-in with the photo record updated, beside
 * the same sharp work (the same five files) on local files, a bare 400 px thumbnail, and `vipsthumbnail` (Debian's
 * libvips-tools) when installed. Two at a time (the machine's cores). Also the time from an upload's
 * end to its photo being READY (what the seller's grid waits for, before its 1 s poll).
 * Aim: the trigger at 0.8x bare sharp (both variants) or better; READY within 2 s of the upload.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { bucketsEnv } from '../../functions/lib/env';
import { objectKeys } from '#shared/platform/storage-layout';
import { getPhoto, putPhoto } from '../../functions/domains/galleries/photo-store';
import { s3 } from '../../functions/lib/s3';
import { deriveImages } from '../../functions/resize/derive';
import { processOriginal } from '../../functions/resize/service';
import { demoPhoto } from '@shutterlane/local-stack/seed/demo-photos';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { verdict, type BenchSection } from '../summary';

const PHOTOS = 8;
const CONCURRENCY = 2;
/** Rounds of the trigger and bare sharp, in turns; the best of each is reported. */
const ROUNDS = 3;
const WIDTH = 6000;
const HEIGHT = 4000;

export interface ResizeMeasure {
  label: string;
  photos: number;
  seconds: number;
  perSecond: number;
  msPerPhoto: number;
}

export interface ResizeReport {
  megapixels: number;
  averageMB: number;
  rows: ResizeMeasure[];
  readyAfterUploadMs: number[];
  vipsthumbnail: 'measured' | 'not installed';
}

/** Gaussian noise made at one size, greyscale, scaled to another: texture at that size's scale. */
async function texture(
  made: { width: number; height: number },
  sigma: number,
  to: { width: number; height: number },
) {
  const noise = await sharp({
    create: { ...made, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .greyscale()
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(noise)
    .resize(to.width, to.height, { kernel: 'cubic' })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A 24 MP photo-like JPEG (about 7 MB): a demo scene (sky, sun, hills, sea, caption) with luminance
 * texture at three scales (blotches, surfaces, fine detail) and sensor grain at full size, so that it
 * has detail at every size a copy is made at. A gradient with grain alone blurs to a flat tile at
 * 400 px (thumbnails of 1-2 KB), which would say nothing about the bytes a gallery page downloads.
 * Noise-like texture is the hard case for WebP (its prediction gains most on edges and smooth areas).
 */
export async function photo24mp(index: number): Promise<Buffer> {
  const mid = { width: 1500, height: 1000 };
  const full = { width: WIDTH, height: HEIGHT };
  const scene = await sharp(await demoPhoto(index))
    .resize(mid.width, mid.height, { fit: 'fill' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const layers = await Promise.all([
    texture({ width: 40, height: 27 }, 70, mid),
    texture({ width: 250, height: 167 }, 60, mid),
    texture(mid, 35, mid),
  ]);
  const textured = await sharp(scene)
    .composite(layers.map((input) => ({ input, blend: 'soft-light' as const })))
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await texture(full, 10, full);
  return sharp(textured)
    .resize(WIDTH, HEIGHT, { kernel: 'lanczos3' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function pool<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

const row = (label: string, photos: number, seconds: number): ResizeMeasure => ({
  label,
  photos,
  seconds,
  perSecond: photos / seconds,
  msPerPhoto: (seconds * 1000 * CONCURRENCY) / photos,
});

async function waitReady(galleryId: string, photoId: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if ((await getPhoto(galleryId, photoId))?.status === 'READY') return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The resize trigger did not finish in time');
}

/** Uploads each original as the browser would (the stand-in then runs the trigger); returns upload-end→READY times. */
async function uploadThroughTrigger(
  files: Buffer[],
  userId: string,
  galleryId: string,
): Promise<{ keys: string[]; readyMs: number[] }> {
  const keys: string[] = [];
  const readyMs: number[] = [];
  for (const [i, body] of files.entries()) {
    const photoId = `benchphoto${i}`;
    await putPhoto({
      galleryId,
      photoId,
      userId,
      status: 'UPLOADING',
      quality: 'original',
      createdAt: new Date().toISOString(),
    });
    const key = objectKeys.original(galleryId, photoId);
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketsEnv().ORIGINALS_BUCKET,
        Key: key,
        Body: body,
        ContentType: 'image/jpeg',
      }),
    );
    readyMs.push(await waitReady(galleryId, photoId));
    keys.push(key);
  }
  return { keys, readyMs };
}

function vipsAvailable(): boolean {
  return spawnSync('vipsthumbnail', ['--vips-version'], { encoding: 'utf8' }).status === 0;
}

async function vipsRun(file: string, dir: string): Promise<void> {
  const result = spawnSync('vipsthumbnail', [
    file,
    '--size',
    '400x400',
    '-o',
    path.join(dir, 'vips-%s.jpg[Q=78,strip]'),
  ]);
  if (result.status !== 0) throw new Error(`vipsthumbnail failed: ${result.stderr.toString()}`);
}

/** Needs a started local stack (the S3 stand-in runs the trigger on each upload). */
export async function measureResize(_env: TestStack): Promise<ResizeReport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'resize-bench-'));
  try {
    const originals = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo24mp(i)));
    const files = await Promise.all(
      originals.map(async (body, i) => {
        const file = path.join(dir, `original-${i}.jpg`);
        await writeFile(file, body);
        return file;
      }),
    );
    const userId = 'bench-seller';
    const galleryId = `bench${Date.now().toString(36)}`;
    const { keys, readyMs } = await uploadThroughTrigger(originals, userId, galleryId);

    // The trigger and bare sharp in turns, best of ROUNDS each: the machine is shared, and a ratio of
    // two runs taken moments apart is what the target compares.
    let trigger: ResizeMeasure | undefined;
    let bare: ResizeMeasure | undefined;
    const best = (a: ResizeMeasure | undefined, b: ResizeMeasure) =>
      a && a.perSecond >= b.perSecond ? a : b;
    for (let round = 0; round < ROUNDS; round++) {
      trigger = best(
        trigger,
        row(
          'resize trigger: S3 stand-in read (streamed), both variants as JPEG and WebP and the grid WebP, 5 S3 writes, DynamoDB update',
          PHOTOS,
          await pool(keys, (key) => processOriginal(key)),
        ),
      );
      bare = best(
        bare,
        row(
          'bare sharp, both variants as JPEG and WebP and the grid WebP, local files',
          PHOTOS,
          await pool(files, async (file) => {
            const derived = await deriveImages(await readFile(file));
            await Promise.all([
              writeFile(`${file}.thumb.jpg`, derived.thumbnail),
              writeFile(`${file}.opt.jpg`, derived.optimized),
              writeFile(`${file}.thumb.webp`, derived.thumbnailWebp),
              writeFile(`${file}.opt.webp`, derived.optimizedWebp),
              writeFile(`${file}.grid.webp`, derived.gridWebp),
            ]);
          }),
        ),
      );
    }
    const rows: ResizeMeasure[] = [trigger!, bare!];
    rows.push(
      row(
        'bare sharp, 400 px thumbnail only (shrink-on-load), local files',
        PHOTOS,
        await pool(files, (file) =>
          sharp(file)
            .rotate()
            .resize(400, 400, { fit: 'inside' })
            .jpeg({ quality: 78 })
            .toFile(`${file}.t400.jpg`),
        ),
      ),
    );
    const vips = vipsAvailable();
    if (vips)
      rows.push(
        row(
          'vipsthumbnail 400 px, local files',
          PHOTOS,
          await pool(files, async (file) => vipsRun(file, dir)),
        ),
      );
    return {
      megapixels: (WIDTH * HEIGHT) / 1e6,
      averageMB: originals.reduce((sum, b) => sum + b.length, 0) / originals.length / 1e6,
      rows,
      readyAfterUploadMs: readyMs,
      vipsthumbnail: vips ? 'measured' : 'not installed',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function resizeSection(report: ResizeReport): BenchSection {
  const trigger = report.rows[0]!;
  const bare = report.rows[1]!;
  const sorted = [...report.readyAfterUploadMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted[sorted.length - 1] ?? 0;
  const ratio = trigger.perSecond / bare.perSecond;
  return {
    lines: resizeLines(report, ratio, median, worst),
    summary: [
      {
        figure:
          'Resize trigger vs bare sharp (same 5 files: JPEG and WebP of both variants, and the grid WebP)',
        target: '≥ 0.8x',
        now: `${ratio.toFixed(2)}x (${trigger.perSecond.toFixed(2)} vs ${bare.perSecond.toFixed(2)} photos/s)`,
        met: ratio >= 0.8,
        cause:
          "the trigger's work beyond bare sharp is the S3 stand-in's reads and writes (every signature and IAM " +
          'check included) and the invocation, on the same 2 cores as the encodes (rows below); the split inside ' +
          'it is not profiled yet. What would meet it: less encoding time per photo (five encodes, the 2048 px ' +
          'WebP the costliest) and the stand-in off the encoding cores.',
      },
    ],
  };
}

function resizeLines(report: ResizeReport, ratio: number, median: number, worst: number): string[] {
  return [
    '## Resize trigger throughput',
    '',
    `${report.rows[0]!.photos} JPEGs of ${report.megapixels} MP (${report.averageMB.toFixed(1)} MB on average), ${CONCURRENCY} at a time.`,
    'The trigger streams the original from the S3 stand-in into sharp, makes the 400 px thumbnail and the 2048 px copy',
    'each as JPEG and WebP, and the grid-sized WebP, from one decode (EXIF orientation applied, metadata dropped), writes the five to the',
    'stand-in (signature, IAM and every check it makes, as for any client) and marks the photo READY. Bare sharp',
    'makes the same five files from the same originals on local disk. Best of 3 runs for each row.',
    `vipsthumbnail (libvips-tools): ${report.vipsthumbnail}.`,
    '',
    '| work | photos/s | ms per photo (per core) |',
    '|---|---:|---:|',
    ...report.rows.map((r) => `| ${r.label} | ${r.perSecond.toFixed(2)} | ${r.msPerPhoto.toFixed(0)} |`),
    '',
    `- Trigger vs bare sharp (same five files): ${ratio.toFixed(2)}x (target 0.8x: ${verdict(ratio >= 0.8)}).`,
    `- Upload end to READY (one photo at a time, the stand-in's own trigger): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (target 2 s: ${worst < 2000 ? 'met' : 'NOT met'}); the grid's 1 s poll adds up to a second.`,
    '',
  ];
}
