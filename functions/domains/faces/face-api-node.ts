/**
 * face-api (@vladmandic/face-api) in Node on TensorFlow.js's WASM backend, with the SSD MobileNet v1
 * detector, the 68-point landmark net (aligns each face) and the recognition net (128-d descriptor)
 * loaded once per process: a warm Lambda reuses them.
 *
 * Why not a plain import: the package's Node WASM build requires '@tensorflow/tfjs', the umbrella package
 * (converter, layers, data, WebGL), which we do not install. That build uses only tfjs-core's ops and
 * weight loading, so it runs here with @tensorflow/tfjs-core (pinned at the version it was built
 * against) answering for '@tensorflow/tfjs'. Its browser bundle cannot stand in: the tfjs inside it
 * stubs out Node's 'util' and throws on import.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type * as FaceApiModule from '@vladmandic/face-api';
import { onceAsync } from '#shared/rules/once-async';
import { registerChainedOps } from './tfjs-chained-ops';

export type FaceApi = typeof FaceApiModule;

/** What the build re-exports from tfjs-core and the WASM backend at run time, beyond its typings. */
interface TfRuntime {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  getBackend(): string;
}

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** Where the weights ship: inside the face-api package (model/*.bin and their manifests). */
export const FACE_MODEL_DIR = path.join(packageDir('@vladmandic/face-api'), 'model');
/** The backend's .wasm files, served to it from disk (the trailing slash makes it a prefix). */
const WASM_DIR = path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep;

/** Evaluates the CommonJS build as Node would, with tfjs-core answering for '@tensorflow/tfjs'. */
function loadNodeWasmBuild(): FaceApi {
  const file = require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const requireBesideBuild = createRequire(file);
  const requireForBuild = (id: string): unknown =>
    requireBesideBuild(id === '@tensorflow/tfjs' ? '@tensorflow/tfjs-core' : id);
  const module = { exports: {} as FaceApi };
  const wrapped = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    { filename: file },
  ) as (...args: unknown[]) => void;
  wrapped(module.exports, requireForBuild, module, file, path.dirname(file));
  registerChainedOps(module.exports.tf);
  return module.exports;
}

async function start(): Promise<FaceApi> {
  const faceapi = loadNodeWasmBuild();
  const tf = faceapi.tf as unknown as TfRuntime;
  tf.setWasmPaths(WASM_DIR);
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend did not start');
  await Promise.all([
    faceapi.nets.ssdMobilenetv1.loadFromDisk(FACE_MODEL_DIR),
    faceapi.nets.faceLandmark68Net.loadFromDisk(FACE_MODEL_DIR),
    faceapi.nets.faceRecognitionNet.loadFromDisk(FACE_MODEL_DIR),
  ]);
  return faceapi;
}

/**
 * face-api with its backend and models ready; the first call starts them, later calls share that, and a
 * failed start is not kept, so the next call tries again.
 */
export const faceApi: () => Promise<FaceApi> = onceAsync(start);
