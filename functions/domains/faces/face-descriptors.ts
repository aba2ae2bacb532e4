/**
 * The faces in a photo as face descriptors: one 128-value vector per face, compared with a
 * customer's selfie by Euclidean distance (functions/domains/faces/face-index.ts).
 *
 * Detector: SSD MobileNet v1, as for the selfie in the browser, measured against the tiny detector by
 * bench/face/face-accuracy.ts's protocol (half B of the London Set). SSD on both sides: precision 0.987,
 * recall 0.967, 650-770 ms a scene. The tiny detector (input 608) on the scenes found every placed face
 * (306, SSD 297) in 423 ms a scene, recall 1.000, but precision 0.950 beside SSD selfies, right on the
 * 0.95 floor: its boxes align faces a little differently from the selfie's, which moves each distance.
 * The same detector on both sides keeps the margin; the time is a background trigger's.
 */
import sharp, { type SharpInput } from 'sharp';
import { FACE_DESCRIPTOR_DIMS, FACE_MIN_SCORE } from '#shared/rules/face-search';
import { faceApi } from './face-api-node';

/**
 * Photos are scaled to fit this before detection: a 24 MP original takes seconds through the detector
 * and holds faces far larger than the recognition net's 150 px input anyway.
 */
export const DETECTION_MAX_SIDE_PX = 1024;
/**
 * Faces narrower than this (in the scaled image) are left out: background faces that small give
 * descriptors too blurred to match anyone reliably.
 */
export const MIN_FACE_WIDTH_PX = 32;

export interface DescribeOptions {
  /** Longest side of the image the detector sees; DETECTION_MAX_SIDE_PX unless given. */
  maxSidePx?: number;
}

/** The photo upright (EXIF orientation), scaled to fit, as 8-bit RGB pixels. */
async function rgbPixels(image: SharpInput, maxSidePx: number) {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize({ width: maxSidePx, height: maxSidePx, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * One descriptor per face found in the photo, the largest face first (a selfie's subject, when others
 * are in the frame); none when it holds no face.
 */
export async function describeFaces(
  image: SharpInput,
  options: DescribeOptions = {},
): Promise<Float32Array[]> {
  const [faceapi, pixels] = await Promise.all([
    faceApi(),
    rgbPixels(image, options.maxSidePx ?? DETECTION_MAX_SIDE_PX),
  ]);
  const input = faceapi.tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32');
  try {
    const faces = await faceapi
      .detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_SCORE }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return faces
      .filter((face) => face.detection.box.width >= MIN_FACE_WIDTH_PX)
      .sort((a, b) => b.detection.box.area - a.detection.box.area)
      .map((face) => face.descriptor)
      .filter((descriptor) => descriptor.length === FACE_DESCRIPTOR_DIMS);
  } finally {
    input.dispose();
  }
}
