/**
 * Makes the marketing pages' media in web/public/media: three short WebM phone videos with JPEG posters,
 * five phone screenshots (WebP and JPEG) and our two app-store badge SVGs. There is no ffmpeg on the
 * build machines, so Debian's Chromium draws each scene on a canvas and records it with MediaRecorder
 * (VP9 WebM); the bytes come back from the page. The output is committed; regenerate after changing
 * web/scripts/media/* with:
 *
 *   npx tsx web/scripts/make-media.ts            # about 30 s; set CHROMIUM_PATH for another browser
 *   npx tsx web/scripts/make-media.ts screens    # the screenshots only (the videos stay as they are)
 *
 * Videos play in real time while recorded, so a busy machine may drop frames: re-run if one stutters.
 */
import { build } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { BADGES } from './media/badges';
import type { RecordRequest } from './media/recorder';
import type { SceneName } from './media/scenes';
import { SCREENS, type ScreenName } from './media/screens';

const OUTPUT = fileURLToPath(new URL('../public/media/', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
/** Each file must stay under this (the home page loads three videos). */
const MAX_VIDEO_BYTES = 400 * 1024;

interface VideoJob {
  file: string;
  scene: SceneName;
  durationMs: number;
  /** The frame used as the poster: one that tells the story without playing. */
  posterAtMs: number;
}

const VIDEOS: VideoJob[] = [
  { file: 'hero-phone', scene: 'photosArriving', durationMs: 8000, posterAtMs: 6000 },
  { file: 'qr-share', scene: 'qrScan', durationMs: 7000, posterAtMs: 3600 },
  { file: 'payment', scene: 'payment', durationMs: 8000, posterAtMs: 3600 },
];

const SCREENSHOTS: { file: string; screen: ScreenName }[] = [
  { file: 'checkout-screen', screen: 'checkout' },
  { file: 'upload-screen', screen: 'upload' },
  { file: 'delivery-screen', screen: 'delivery' },
  { file: 'team-screen', screen: 'team' },
  { file: 'dashboard-screen', screen: 'dashboard' },
];

async function recorderBundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./media/recorder.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

async function writeImages(name: string, png: Buffer): Promise<void> {
  await writeFile(`${OUTPUT}${name}.jpg`, await sharp(png).jpeg({ quality: 78, mozjpeg: true }).toBuffer());
  await writeFile(`${OUTPUT}${name}.webp`, await sharp(png).webp({ quality: 78 }).toBuffer());
}

async function makeVideo(page: Page, job: VideoJob): Promise<void> {
  const request: RecordRequest = { scene: job.scene, durationMs: job.durationMs, bitsPerSecond: 260_000 };
  const webm = Buffer.from(
    await page.evaluate((r) => window.mediaRecorder.recordScene(r), request),
    'base64',
  );
  if (webm.length > MAX_VIDEO_BYTES) throw new Error(`${job.file}.webm is ${webm.length} bytes`);
  await writeFile(`${OUTPUT}${job.file}.webm`, webm);
  const poster = await page.evaluate(([scene, ms]) => window.mediaRecorder.drawFrame(scene, ms), [
    job.scene,
    job.posterAtMs,
  ] as const);
  await writeImages(job.file, Buffer.from(poster.replace(/^data:image\/png;base64,/, ''), 'base64'));
  console.log(`${job.file}.webm ${Math.round(webm.length / 1024)} KB`);
}

await mkdir(OUTPUT, { recursive: true });
for (const [file, svg] of Object.entries(BADGES)) await writeFile(`${OUTPUT}${file}`, svg);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  if (process.argv[2] !== 'screens') {
    const page = await browser.newPage({ viewport: { width: 406, height: 720 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: await recorderBundle() });
    for (const job of VIDEOS) await makeVideo(page, job);
  }

  // Screenshots at 1.5x so they stay sharp on high-density screens at their displayed size.
  const shots = await browser.newPage({ viewport: { width: 406, height: 720 }, deviceScaleFactor: 1.5 });
  for (const { file, screen } of SCREENSHOTS) {
    await shots.setContent(SCREENS[screen]);
    await writeImages(file, await shots.screenshot({ type: 'png' }));
  }
  console.log(`media written to ${OUTPUT}`);
} finally {
  await browser.close();
}
