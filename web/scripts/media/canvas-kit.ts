/**
 * Drawing helpers for the marketing videos (runs in the browser, bundled by make-media.ts): the phone
 * frame, abstract "photos", text and easing. Every scene is a pure function of the time in ms, so the
 * recorder and the poster capture draw exactly the same frames.
 */
export const CANVAS = { width: 406, height: 720 } as const;

/** The phone's screen inside its frame; scenes draw in these coordinates. */
export const SCREEN = { x: 63, y: 60, width: 280, height: 600, radius: 34 } as const;

export const COLOURS = {
  ink: '#0f172a',
  muted: '#64748b',
  paper: '#f8fafc',
  line: '#e2e8f0',
  accent: '#1d4ed8',
  success: '#15803d',
  placeholder: '#e2e8f0',
} as const;

export type Scene = (g: CanvasRenderingContext2D, ms: number) => void;

export const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Progress of an animation starting at `start` and lasting `duration` ms, 0..1. */
export const progress = (ms: number, start: number, duration: number) => clamp01((ms - start) / duration);
export const easeOut = (p: number) => 1 - (1 - p) ** 3;
export const easeInOut = (p: number) => (p < 0.5 ? 4 * p ** 3 : 1 - (-2 * p + 2) ** 3 / 2);

export function roundedRect(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
}

export function text(
  g: CanvasRenderingContext2D,
  value: string,
  x: number,
  y: number,
  options: { size: number; weight?: number; colour?: string; align?: CanvasTextAlign },
) {
  g.font = `${options.weight ?? 400} ${options.size}px system-ui, "DejaVu Sans", sans-serif`;
  g.fillStyle = options.colour ?? COLOURS.ink;
  g.textAlign = options.align ?? 'left';
  g.textBaseline = 'alphabetic';
  g.fillText(value, x, y);
}

/** Sky, sun and sea palettes of the abstract "photos" (no stock photography, no rights to clear). */
const PALETTES: [string, string, string, string][] = [
  ['#fb923c', '#fde68a', '#fef3c7', '#0e7490'],
  ['#38bdf8', '#bae6fd', '#fefce8', '#1e40af'],
  ['#a78bfa', '#f0abfc', '#fff7ed', '#4c1d95'],
  ['#f472b6', '#fed7aa', '#fffbeb', '#be185d'],
  ['#22d3ee', '#a7f3d0', '#ffffff', '#065f46'],
  ['#f97316', '#fca5a5', '#fef9c3', '#7c2d12'],
  ['#60a5fa', '#c7d2fe', '#f8fafc', '#1e3a8a'],
  ['#facc15', '#fde047', '#fffbeb', '#166534'],
  ['#fb7185', '#fdba74', '#fff1f2', '#312e81'],
];

/** One abstract photo: a sky gradient, a sun and two layers of hills or waves. */
export function drawPhoto(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  seed: number,
) {
  const [skyTop, skyBottom, sun, ground] = PALETTES[seed % PALETTES.length]!;
  g.save();
  roundedRect(g, x, y, w, h, 8);
  g.clip();
  const sky = g.createLinearGradient(x, y, x, y + h);
  sky.addColorStop(0, skyTop);
  sky.addColorStop(1, skyBottom);
  g.fillStyle = sky;
  g.fillRect(x, y, w, h);
  g.fillStyle = sun;
  g.beginPath();
  g.arc(x + w * (0.25 + ((seed * 0.17) % 0.5)), y + h * 0.42, w * 0.14, 0, Math.PI * 2);
  g.fill();
  for (const [layer, alpha] of [
    [0.62, 0.55],
    [0.74, 1],
  ] as const) {
    g.globalAlpha = alpha;
    g.fillStyle = ground;
    g.beginPath();
    g.moveTo(x, y + h);
    for (let step = 0; step <= 8; step += 1) {
      const px = x + (w * step) / 8;
      const wave = Math.sin(step * 1.3 + seed + layer * 5) * h * 0.06;
      g.lineTo(px, y + h * layer + wave);
    }
    g.lineTo(x + w, y + h);
    g.closePath();
    g.fill();
  }
  g.restore();
}

/** The background, the phone body and its screen; `drawScreen` paints inside the clipped screen. */
export function drawPhone(g: CanvasRenderingContext2D, drawScreen: () => void) {
  const background = g.createLinearGradient(0, 0, CANVAS.width, CANVAS.height);
  background.addColorStop(0, '#1e3a8a');
  background.addColorStop(1, '#6d28d9');
  g.fillStyle = background;
  g.fillRect(0, 0, CANVAS.width, CANVAS.height);

  g.fillStyle = '#020617';
  roundedRect(g, SCREEN.x - 10, SCREEN.y - 10, SCREEN.width + 20, SCREEN.height + 20, SCREEN.radius + 10);
  g.fill();

  g.save();
  roundedRect(g, SCREEN.x, SCREEN.y, SCREEN.width, SCREEN.height, SCREEN.radius);
  g.clip();
  g.fillStyle = COLOURS.paper;
  g.fillRect(SCREEN.x, SCREEN.y, SCREEN.width, SCREEN.height);
  drawScreen();
  g.restore();

  g.fillStyle = '#020617';
  roundedRect(g, CANVAS.width / 2 - 45, SCREEN.y + 10, 90, 24, 12);
  g.fill();
}

/** A filled rounded button with centred label. */
export function drawButton(
  g: CanvasRenderingContext2D,
  label: string,
  x: number,
  y: number,
  w: number,
  options: { colour?: string; scale?: number } = {},
) {
  const h = 44;
  const scale = options.scale ?? 1;
  g.save();
  g.translate(x + w / 2, y + h / 2);
  g.scale(scale, scale);
  g.fillStyle = options.colour ?? COLOURS.accent;
  roundedRect(g, -w / 2, -h / 2, w, h, 12);
  g.fill();
  text(g, label, 0, 6, { size: 15, weight: 600, colour: '#ffffff', align: 'center' });
  g.restore();
}

/** A deterministic pseudo-random generator (mulberry32), so every run draws the same QR pattern. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
