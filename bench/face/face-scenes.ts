/**
 * "Event photos" for the selfie-search benchmark, composed with sharp: 2-4 different people per scene
 * (their smiling portraits, head and shoulders cut out by a soft oval, scaled 35-60%, slightly rotated,
 * sometimes mirrored, lighter or darker) on one of a few textured backgrounds, everyone in at least SCENES_PER_PERSON
 * scenes. A seeded generator draws every choice and the texture, so each run makes the same bytes.
 */
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { seededRandom } from '../../web/scripts/media/canvas-kit';

export const SCENE_WIDTH = 3000;
export const SCENE_HEIGHT = 2000;
export const SCENES_PER_PERSON = 3;
const PEOPLE_PER_SCENE = { min: 2, max: 4 };
const SCALE = { min: 0.35, max: 0.6 };
const MAX_TILT_DEGREES = 8;
const BRIGHTNESS = { min: 0.75, max: 1.25 };
/** Backgrounds made once and shared round the scenes: a fresh 6 MP texture costs half a second a scene. */
const TEXTURES = 8;

export type Random = () => number;

export const between = (random: Random, min: number, max: number) => min + random() * (max - min);

export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface PlacedPerson {
  personId: string;
  scale: number;
  tiltDegrees: number;
  mirrored: boolean;
  brightness: number;
}

export interface ScenePlan {
  name: string;
  people: PlacedPerson[];
  /** Which of the TEXTURES backgrounds. */
  texture: number;
  /** Seeds the scene's layout. */
  layoutSeed: number;
}

/** Group sizes of 2-4 adding up to `count` (count >= 2), never leaving one person over. */
function groupSizes(count: number, random: Random): number[] {
  const sizes: number[] = [];
  for (let left = count; left > 0;) {
    const most = Math.min(PEOPLE_PER_SCENE.max, left);
    let size = Math.floor(between(random, PEOPLE_PER_SCENE.min, most + 1));
    if (left - size === 1) size = size < most ? size + 1 : size - 1;
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** SCENES_PER_PERSON rounds, each a shuffle of everyone cut into groups: different people per scene. */
export function planScenes(personIds: readonly string[], seed: number): ScenePlan[] {
  const random = seededRandom(seed);
  const scenes: ScenePlan[] = [];
  for (let round = 0; round < SCENES_PER_PERSON; round++) {
    const order = shuffled(personIds, random);
    for (const size of groupSizes(order.length, random)) {
      const group = order.splice(0, size);
      scenes.push({
        name: `scene-${scenes.length + 1}`,
        texture: Math.floor(random() * TEXTURES),
        layoutSeed: Math.floor(random() * 2 ** 31),
        people: group.map((personId) => ({
          personId,
          scale: between(random, SCALE.min, SCALE.max),
          tiltDegrees: between(random, -MAX_TILT_DEGREES, MAX_TILT_DEGREES),
          mirrored: random() < 0.5,
          brightness: between(random, BRIGHTNESS.min, BRIGHTNESS.max),
        })),
      });
    }
  }
  return scenes;
}

/** Pixels between the steps of a scene: raw, as PNG-encoding 6 MP layers would cost seconds a scene. */
interface Layer {
  input: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const layerOf = async (image: Sharp): Promise<Layer> => {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { input: data, raw: { width: info.width, height: info.height, channels: info.channels } };
};

/** Seeded muted blotches (a coarse random grid, smoothly enlarged) under a finer seeded grain. */
async function makeTexture(index: number): Promise<Layer> {
  const random = seededRandom(index + 1);
  const grid = (width: number, height: number, channels: 1 | 3) =>
    sharp(Buffer.from(Array.from({ length: width * height * channels }, () => 64 + random() * 128)), {
      raw: { width, height, channels },
    }).resize(SCENE_WIDTH, SCENE_HEIGHT, { kernel: 'cubic' });
  const grain = await layerOf(grid(300, 200, 1).toColourspace('srgb').ensureAlpha(0.2));
  return layerOf(grid(12, 8, 3).composite([grain]));
}

const textures = new Map<number, Promise<Layer>>();
const texture = (index: number) => {
  if (!textures.has(index)) textures.set(index, makeTexture(index));
  return textures.get(index)!;
};

/** The portrait scaled, cut out by a soft oval (head and shoulders), tilted, mirrored, lit. */
async function cutOut(portrait: Buffer, placed: PlacedPerson): Promise<Layer> {
  const meta = await sharp(portrait).metadata();
  const size = Math.round((meta.width ?? 0) * placed.scale);
  const oval = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <defs><radialGradient id="f"><stop offset="0.8" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
      <ellipse cx="${size / 2}" cy="${size * 0.55}" rx="${size * 0.4}" ry="${size * 0.48}" fill="url(#f)"/></svg>`,
  );
  let image = sharp(portrait).resize(size, size).modulate({ brightness: placed.brightness });
  if (placed.mirrored) image = image.flop();
  const masked = await layerOf(image.ensureAlpha().composite([{ input: oval, blend: 'dest-in' }]));
  return layerOf(
    sharp(masked.input, { raw: masked.raw }).rotate(placed.tiltDegrees, {
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    }),
  );
}

/** The part of a layer placed at (left, top) that falls on the canvas: sharp refuses one reaching past it. */
async function onCanvas(layer: Layer, left: number, top: number): Promise<OverlayOptions> {
  const cropLeft = Math.max(0, -left);
  const cropTop = Math.max(0, -top);
  const width = Math.min(layer.raw.width - cropLeft, SCENE_WIDTH - Math.max(0, left));
  const height = Math.min(layer.raw.height - cropTop, SCENE_HEIGHT - Math.max(0, top));
  const piece = await layerOf(
    sharp(layer.input, { raw: layer.raw }).extract({ left: cropLeft, top: cropTop, width, height }),
  );
  return { ...piece, left: Math.max(0, left), top: Math.max(0, top) };
}

/** The scene as a JPEG: the people side by side, left to right, each at a random height. */
export async function composeScene(plan: ScenePlan, portraits: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const random = seededRandom(plan.layoutSeed);
  const slot = SCENE_WIDTH / plan.people.length;
  const overlays: OverlayOptions[] = [];
  for (const [i, placed] of plan.people.entries()) {
    const layer = await cutOut(portraits.get(placed.personId)!, placed);
    const left = Math.round((i + 0.5) * slot - layer.raw.width / 2);
    const top = Math.round(between(random, 0, Math.max(0, SCENE_HEIGHT - layer.raw.height)));
    overlays.push(await onCanvas(layer, left, top));
  }
  const background = await texture(plan.texture);
  return sharp(background.input, { raw: background.raw })
    .composite(overlays)
    .jpeg({ quality: 85 })
    .toBuffer();
}
