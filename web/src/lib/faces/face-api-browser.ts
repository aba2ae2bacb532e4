/**
 * face-api in the browser for the selfie: its ES module build, which carries its own
 * TensorFlow.js, on the WASM backend (the same kernels as the server's descriptors; no WebGL context to
 * lose on a phone), with the SSD MobileNet v1 detector, the 68-point landmark net and the recognition
 * net, loaded once per page. About 12 MB of weights and 1.3 MB of script: only ever reached through a
 * dynamic import of selfie-descriptor.ts, so no other page downloads it.
 *
 * The weights and .wasm files are assets Vite emits under hashed names (`?url`); the manifests are
 * bundled, and each net is loaded from its manifest and its one .bin file, as face-api's own loader
 * would look for the .bin beside the manifest under its unhashed name.
 */
import * as faceapi from '@vladmandic/face-api/dist/face-api.esm.js';
import { onceAsync } from '#shared/rules/once-async';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import ssdManifest from '@vladmandic/face-api/model/ssd_mobilenetv1_model-weights_manifest.json';
import ssdWeights from '@vladmandic/face-api/model/ssd_mobilenetv1_model.bin?url';
import landmarkManifest from '@vladmandic/face-api/model/face_landmark_68_model-weights_manifest.json';
import landmarkWeights from '@vladmandic/face-api/model/face_landmark_68_model.bin?url';
import recognitionManifest from '@vladmandic/face-api/model/face_recognition_model-weights_manifest.json';
import recognitionWeights from '@vladmandic/face-api/model/face_recognition_model.bin?url';

export type FaceApi = typeof faceapi;

/** What the bundle's tf namespace holds at run time beyond face-api's typings. */
interface TfRuntime {
  setWasmPaths(files: Record<string, string>): void;
  setBackend(name: string): Promise<boolean>;
}

type WeightSpecs = Parameters<typeof faceapi.tf.io.decodeWeights>[1];
interface ManifestGroup {
  paths: string[];
  weights: unknown[];
}

async function loadNet(
  net: { loadFromWeightMap(map: ReturnType<typeof faceapi.tf.io.decodeWeights>): void },
  manifest: ManifestGroup[],
  weightsUrl: string,
): Promise<void> {
  const response = await fetch(weightsUrl);
  if (!response.ok) throw new Error(`face model weights: HTTP ${response.status}`);
  const specs = manifest.flatMap((group) => group.weights) as WeightSpecs;
  net.loadFromWeightMap(faceapi.tf.io.decodeWeights(await response.arrayBuffer(), specs));
}

async function start(): Promise<FaceApi> {
  const tf = faceapi.tf as unknown as TfRuntime;
  // The backend picks the file its browser can run: threads only on a cross-origin-isolated page.
  tf.setWasmPaths({
    'tfjs-backend-wasm.wasm': wasmPlain,
    'tfjs-backend-wasm-simd.wasm': wasmSimd,
    'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedSimd,
  });
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend did not start');
  await Promise.all([
    loadNet(faceapi.nets.ssdMobilenetv1, ssdManifest, ssdWeights),
    loadNet(faceapi.nets.faceLandmark68Net, landmarkManifest, landmarkWeights),
    loadNet(faceapi.nets.faceRecognitionNet, recognitionManifest, recognitionWeights),
  ]);
  return faceapi;
}

/**
 * face-api with its backend and nets ready; the first call starts them, later calls share that, and a
 * failed start (a dropped connection) is not kept, so trying again can succeed.
 */
export const faceApi: () => Promise<FaceApi> = onceAsync(start);
