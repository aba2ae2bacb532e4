/**
 * A customer's selfie as one face descriptor, computed in the browser so the photo itself never leaves
 * the device. Import it only dynamically (`await import('./selfie-descriptor')`): it pulls in
 * face-api, its WASM backend and some 12 MB of weights (face-api-browser.ts).
 *
 * The detector is SSD MobileNet v1, as on the server, not the 190 KB tiny detector: measured with
 * bench/face/face-accuracy.ts's protocol (selfies scaled to 640 px), the tiny detector found no face in 3 of
 * the 102 London Set selfies (SSD: 0) and its recall on half B fell to 0.948 (SSD: 0.967), its boxes
 * aligning faces differently from the server's.
 */
import { FACE_DESCRIPTOR_DIMS, FACE_MIN_SCORE } from '#shared/rules/face-search';
import { faceApi } from './face-api-browser';
import { chooseSelfieFace } from './selfie-face-choice';

/**
 * Selfies are scaled to fit this first: the detector sees 512 px anyway, a phone's 12 MP photo would
 * cost 48 MB of pixels, and the bench's selfies at 640 px matched as well as at 1024.
 */
export const SELFIE_MAX_SIDE_PX = 640;
export type SelfieResult = Float32Array | 'no-face' | 'many-faces';

/** The picture upright (its EXIF orientation applied by the decoder), scaled to fit, on a canvas. */
async function scaledCanvas(file: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, SELFIE_MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas to scale the selfie');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    bitmap.close();
  }
}

export async function describeSelfie(file: Blob): Promise<SelfieResult> {
  const [faceapi, canvas] = await Promise.all([faceApi(), scaledCanvas(file)]);
  const pixels = faceapi.tf.browser.fromPixels(canvas);
  try {
    const faces = await faceapi
      .detectAllFaces(pixels, new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_SCORE }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    const chosen = chooseSelfieFace(faces.map((face) => ({ face, area: face.detection.box.area })));
    if (typeof chosen === 'string') return chosen;
    return chosen.face.descriptor.length === FACE_DESCRIPTOR_DIMS ? chosen.face.descriptor : 'no-face';
  } finally {
    pixels.dispose();
  }
}
