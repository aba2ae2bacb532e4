/**
 * Browser entry of make-media.ts: draws a scene on a canvas and records it with MediaRecorder (WebM,
 * VP9), or draws one frame for the poster. Exposed on window for page.evaluate.
 */
import { CANVAS } from './canvas-kit';
import { SCENES, type SceneName } from './scenes';

export interface RecordRequest {
  scene: SceneName;
  durationMs: number;
  bitsPerSecond: number;
}

function freshCanvas(): { canvas: HTMLCanvasElement; g: CanvasRenderingContext2D } {
  document.body.replaceChildren();
  const canvas = document.createElement('canvas');
  canvas.width = CANVAS.width;
  canvas.height = CANVAS.height;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('No 2D canvas context');
  return { canvas, g };
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Plays the scene in real time (MediaRecorder records wall-clock frames) and returns the WebM bytes. */
async function recordScene(request: RecordRequest): Promise<string> {
  const { canvas, g } = freshCanvas();
  const draw = SCENES[request.scene];
  draw(g, 0);
  const recorder = new MediaRecorder(canvas.captureStream(30), {
    mimeType: 'video/webm;codecs=vp9',
    videoBitsPerSecond: request.bitsPerSecond,
  });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const frame = () => {
      const elapsed = performance.now() - started;
      draw(g, Math.min(elapsed, request.durationMs));
      if (elapsed < request.durationMs) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await stopped;
  return blobToBase64(new Blob(chunks, { type: 'video/webm' }));
}

/** One frame as a PNG data URL, for the poster. */
function drawFrame(scene: SceneName, ms: number): string {
  const { canvas, g } = freshCanvas();
  SCENES[scene](g, ms);
  return canvas.toDataURL('image/png');
}

declare global {
  interface Window {
    mediaRecorder: { recordScene: typeof recordScene; drawFrame: typeof drawFrame };
  }
}

window.mediaRecorder = { recordScene, drawFrame };
