/**
 * The resize trigger's throughput: photos per second for 24 MP JPEGs, both variants (400 px thumbnail
 * and 2048 px copy), read from and written to the S3 stand-in with the photo record updated, beside
 * the same sharp work on local files, a bare 400 px thumbnail, and `vipsthumbnail` (Debian's
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
import { bucketsEnv } from '../functions/lib/env';
import { objectKeys } from '../functions/lib/storage-layout';
import { getPhoto, putPhoto } from '../functions/lib/repositories/photos';
import { s3 } from '../functions/lib/s3';
import { deriveImages } from '../functions/resize/derive';
import { processOriginal } from '../functions/resize/service';
import type { TestStack } from '../test/support/local-stack';

const PHOTOS = 8;
const CONCURRENCY = 2;
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

/** A 24 MP photo-like JPEG: a gradient with grain, so it compresses like a real photo (several MB). */
async function photo24mp(index: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 110 + index * 5, sigma: 18 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(grain)
    .blur(0.6)
    .modulate({ hue: index * 40 })
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

    const rows: ResizeMeasure[] = [];
    rows.push(
      row(
        'resize trigger: S3 stand-in read, both variants, S3 writes, DynamoDB update',
        PHOTOS,
        await pool(keys, (key) => processOriginal(key)),
      ),
    );
    rows.push(
      row(
        'bare sharp, both variants, local files',
        PHOTOS,
        await pool(files, async (file) => {
          const derived = await deriveImages(await readFile(file));
          await writeFile(`${file}.thumb.jpg`, derived.thumbnail);
          await writeFile(`${file}.opt.jpg`, derived.optimized);
        }),
      ),
    );
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

export function resizeSection(report: ResizeReport): string[] {
  const trigger = report.rows[0]!;
  const bare = report.rows[1]!;
  const sorted = [...report.readyAfterUploadMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted[sorted.length - 1] ?? 0;
  return [
    '## Resize trigger throughput',
    '',
    `${report.rows[0]!.photos} JPEGs of ${report.megapixels} MP (${report.averageMB.toFixed(1)} MB on average), ${CONCURRENCY} at a time.`,
    'The trigger reads the original from the S3 stand-in, makes the 400 px thumbnail and the 2048 px copy',
    '(EXIF orientation applied, metadata dropped), writes both to the stand-in and marks the photo READY.',
    `vipsthumbnail (libvips-tools): ${report.vipsthumbnail}.`,
    '',
    '| work | photos/s | ms per photo (per core) |',
    '|---|---:|---:|',
    ...report.rows.map((r) => `| ${r.label} | ${r.perSecond.toFixed(2)} | ${r.msPerPhoto.toFixed(0)} |`),
    '',
    `- Trigger vs bare sharp (both variants): ${(trigger.perSecond / bare.perSecond).toFixed(2)}x (target 0.8x: ${trigger.perSecond >= 0.8 * bare.perSecond ? 'met' : 'NOT met'}).`,
    `- Upload end to READY (one photo at a time, the stand-in's own trigger): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (target 2 s: ${worst < 2000 ? 'met' : 'NOT met'}); the grid's 1 s poll adds up to a second.`,
    '',
  ];
}
