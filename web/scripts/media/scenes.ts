/**
 * The three phone videos of the home page, each a pure function of time (browser side of make-media.ts):
 * photos arriving in a customer's order (the looping hero), a QR code scanned at a table card, and a
 * card payment that ends with the photos ready.
 */
import {
  COLOURS,
  SCREEN,
  drawButton,
  drawPhone,
  drawPhoto,
  easeInOut,
  easeOut,
  progress,
  roundedRect,
  seededRandom,
  text,
  type Scene,
} from './canvas-kit';

const LEFT = SCREEN.x + 16;
const INNER_WIDTH = SCREEN.width - 32;

function drawOrderHeader(g: CanvasRenderingContext2D, subtitle: string) {
  text(g, 'Shutterlane', LEFT, SCREEN.y + 62, { size: 12, weight: 600, colour: COLOURS.accent });
  text(g, 'Harbour Sunset Cruise', LEFT, SCREEN.y + 86, { size: 19, weight: 700 });
  text(g, subtitle, LEFT, SCREEN.y + 106, { size: 13, colour: COLOURS.muted });
}

const TILE_GAP = 8;
const TILE = (INNER_WIDTH - 2 * TILE_GAP) / 3;
const GRID_TOP = SCREEN.y + 124;

/** The 3 x 3 photo grid; `visibility(i)` is 0 (placeholder) to 1 (photo shown) per tile. */
function drawGrid(g: CanvasRenderingContext2D, visibility: (index: number) => number) {
  for (let index = 0; index < 9; index += 1) {
    const x = LEFT + (index % 3) * (TILE + TILE_GAP);
    const y = GRID_TOP + Math.floor(index / 3) * (TILE + TILE_GAP);
    g.fillStyle = COLOURS.placeholder;
    roundedRect(g, x, y, TILE, TILE, 8);
    g.fill();
    const shown = visibility(index);
    if (shown <= 0) continue;
    const scale = 0.7 + 0.3 * easeOut(shown);
    g.save();
    g.globalAlpha = shown;
    g.translate(x + TILE / 2, y + TILE / 2);
    g.scale(scale, scale);
    drawPhoto(g, -TILE / 2, -TILE / 2, TILE, TILE, index);
    g.restore();
  }
}

/** Hero (8 s, loops): photos land one by one, the ready notice slides up, then all fades back to the start. */
export const photosArriving: Scene = (g, ms) => {
  const fadeBack = progress(ms, 7300, 700);
  drawPhone(g, () => {
    const arrived = Math.min(9, Math.floor(Math.max(0, ms - 600) / 420) + (ms >= 600 ? 1 : 0));
    drawOrderHeader(g, `Order · ${arrived} of 9 photos`);
    drawGrid(g, (index) => progress(ms, 600 + index * 420, 350) * (1 - fadeBack));

    const sheet = easeOut(progress(ms, 4700, 500)) * (1 - easeInOut(fadeBack));
    if (sheet <= 0) return;
    const top = SCREEN.y + SCREEN.height - 150 * sheet;
    g.fillStyle = '#ffffff';
    g.shadowColor = 'rgba(15, 23, 42, 0.18)';
    g.shadowBlur = 18;
    roundedRect(g, SCREEN.x + 8, top, SCREEN.width - 16, 160, 20);
    g.fill();
    g.shadowBlur = 0;
    g.fillStyle = COLOURS.success;
    g.beginPath();
    g.arc(LEFT + 10, top + 30, 6, 0, Math.PI * 2);
    g.fill();
    text(g, 'Your photos are ready', LEFT + 24, top + 35, { size: 15, weight: 700 });
    text(g, 'Sent to alex@example.com', LEFT + 24, top + 55, { size: 12, colour: COLOURS.muted });
    drawButton(g, 'Download all (ZIP)', LEFT, top + 74, INNER_WIDTH);
  });
};

/** A decorative QR-like pattern: random modules with the three finder squares. */
function drawQr(g: CanvasRenderingContext2D, x: number, y: number, size: number) {
  const modules = 25;
  const cell = size / modules;
  const random = seededRandom(8);
  g.fillStyle = '#ffffff';
  g.fillRect(x - cell, y - cell, size + 2 * cell, size + 2 * cell);
  g.fillStyle = COLOURS.ink;
  const inFinder = (col: number, row: number) =>
    (col < 8 && row < 8) || (col >= modules - 8 && row < 8) || (col < 8 && row >= modules - 8);
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!inFinder(col, row) && random() < 0.5) g.fillRect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  for (const [col, row] of [
    [0, 0],
    [modules - 7, 0],
    [0, modules - 7],
  ] as const) {
    g.fillRect(x + col * cell, y + row * cell, 7 * cell, 7 * cell);
    g.fillStyle = '#ffffff';
    g.fillRect(x + (col + 1) * cell, y + (row + 1) * cell, 5 * cell, 5 * cell);
    g.fillStyle = COLOURS.ink;
    g.fillRect(x + (col + 2) * cell, y + (row + 2) * cell, 3 * cell, 3 * cell);
  }
}

function drawViewfinder(g: CanvasRenderingContext2D, ms: number) {
  const camera = g.createLinearGradient(0, SCREEN.y, 0, SCREEN.y + SCREEN.height);
  camera.addColorStop(0, '#3f3f46');
  camera.addColorStop(1, '#18181b');
  g.fillStyle = camera;
  g.fillRect(SCREEN.x, SCREEN.y, SCREEN.width, SCREEN.height);
  const centreX = SCREEN.x + SCREEN.width / 2;
  const drift = Math.sin(ms / 500) * 3;

  g.save();
  g.translate(centreX + drift, SCREEN.y + 300);
  g.rotate(-0.05);
  g.fillStyle = '#fafaf9';
  roundedRect(g, -105, -150, 210, 290, 14);
  g.fill();
  text(g, 'Scan for your photos', 0, -118, { size: 15, weight: 700, align: 'center' });
  drawQr(g, -70, -95, 140);
  text(g, 'Harbour Sunset Cruise', 0, 90, { size: 13, colour: COLOURS.muted, align: 'center' });
  text(g, 'No app or account needed', 0, 112, { size: 11, colour: COLOURS.muted, align: 'center' });
  g.restore();

  const locked = progress(ms, 2500, 300);
  const half = 95 - 12 * easeOut(locked);
  g.strokeStyle = locked > 0 ? '#4ade80' : '#ffffff';
  g.lineWidth = 4;
  const corners: [number, number, number, number][] = [
    [-1, -1, 1, 1],
    [1, -1, -1, 1],
    [-1, 1, 1, -1],
    [1, 1, -1, -1],
  ];
  for (const [sx, sy, dx, dy] of corners) {
    const cx = centreX + sx * half;
    const cy = SCREEN.y + 275 + sy * half;
    g.beginPath();
    g.moveTo(cx, cy + dy * 22);
    g.lineTo(cx, cy);
    g.lineTo(cx + dx * 22, cy);
    g.stroke();
  }
  if (ms < 2500) {
    const sweep = (Math.sin((ms / 1100) * Math.PI) + 1) / 2;
    g.fillStyle = 'rgba(74, 222, 128, 0.85)';
    g.fillRect(centreX - half + 6, SCREEN.y + 275 - half + sweep * 2 * half, 2 * half - 12, 3);
  }
}

function drawOrderSheet(g: CanvasRenderingContext2D, ms: number) {
  const sheet = easeOut(progress(ms, 2900, 450));
  if (sheet <= 0) return;
  const top = SCREEN.y + SCREEN.height - 210 * sheet;
  g.fillStyle = '#ffffff';
  roundedRect(g, SCREEN.x, top, SCREEN.width, 230, 22);
  g.fill();
  text(g, 'shutterlane.com/orders/…', LEFT, top + 32, { size: 12, colour: COLOURS.muted });
  text(g, 'Your photos are ready', LEFT, top + 60, { size: 18, weight: 700 });
  text(g, '9 photos · £18.00 · pay by card', LEFT, top + 84, { size: 13, colour: COLOURS.muted });
  const press = progress(ms, 4300, 300);
  drawButton(g, 'Open order', LEFT, top + 110, INNER_WIDTH, { scale: 1 - 0.05 * Math.sin(press * Math.PI) });
}

/** Share by QR (7 s): the camera finds the code, the order opens, the gallery slides in. */
export const qrScan: Scene = (g, ms) => {
  drawPhone(g, () => {
    const slide = easeInOut(progress(ms, 4800, 500));
    g.save();
    g.translate(-SCREEN.width * slide, 0);
    drawViewfinder(g, ms);
    drawOrderSheet(g, ms);
    g.restore();
    if (slide <= 0) return;
    g.save();
    g.translate(SCREEN.width * (1 - slide), 0);
    g.fillStyle = COLOURS.paper;
    g.fillRect(SCREEN.x, SCREEN.y, SCREEN.width, SCREEN.height);
    drawOrderHeader(g, 'Order · 9 photos');
    drawGrid(g, () => 1);
    drawButton(g, 'Pay £18.00', LEFT, GRID_TOP + 3 * (TILE + TILE_GAP) + 12, INNER_WIDTH);
    g.restore();
  });
};

/** Characters of `value` typed between `start` and `end` ms. */
const typed = (value: string, ms: number, start: number, end: number) =>
  value.slice(0, Math.round(value.length * progress(ms, start, end - start)));

function drawField(
  g: CanvasRenderingContext2D,
  label: string,
  value: string,
  x: number,
  y: number,
  w: number,
) {
  text(g, label, x, y, { size: 12, weight: 600, colour: COLOURS.muted });
  g.strokeStyle = COLOURS.line;
  g.lineWidth = 1.5;
  g.fillStyle = '#ffffff';
  roundedRect(g, x, y + 8, w, 40, 10);
  g.fill();
  g.stroke();
  text(g, value, x + 12, y + 33, { size: 15 });
}

function drawCheckout(g: CanvasRenderingContext2D, ms: number) {
  text(g, 'Secure checkout', LEFT, SCREEN.y + 62, { size: 12, weight: 600, colour: COLOURS.accent });
  text(g, 'Coastline Photo Co.', LEFT, SCREEN.y + 86, { size: 19, weight: 700 });
  for (let index = 0; index < 4; index += 1)
    drawPhoto(g, LEFT + index * 62, SCREEN.y + 102, 54, 54, index + 2);
  text(g, '9 photos', LEFT, SCREEN.y + 184, { size: 14, colour: COLOURS.muted });
  text(g, '£18.00', LEFT + INNER_WIDTH, SCREEN.y + 184, { size: 18, weight: 700, align: 'right' });
  drawField(g, 'Email', 'alex@example.com', LEFT, SCREEN.y + 218, INNER_WIDTH);
  drawField(g, 'Card number', typed('4242 4242 4242 4242', ms, 500, 2300), LEFT, SCREEN.y + 290, INNER_WIDTH);
  const half = (INNER_WIDTH - 12) / 2;
  drawField(g, 'Expiry', typed('12 / 29', ms, 2400, 2900), LEFT, SCREEN.y + 362, half);
  drawField(g, 'CVC', typed('123', ms, 3000, 3300), LEFT + half + 12, SCREEN.y + 362, half);
  const press = progress(ms, 3800, 250);
  const paying = ms >= 4050;
  drawButton(g, paying ? 'Processing…' : 'Pay £18.00', LEFT, SCREEN.y + 450, INNER_WIDTH, {
    scale: 1 - 0.05 * Math.sin(press * Math.PI),
  });
  text(g, 'Card payments by Stripe · 256-bit TLS', SCREEN.x + SCREEN.width / 2, SCREEN.y + 522, {
    size: 11,
    colour: COLOURS.muted,
    align: 'center',
  });
}

function drawPaid(g: CanvasRenderingContext2D, ms: number) {
  const centreX = SCREEN.x + SCREEN.width / 2;
  const centreY = SCREEN.y + 220;
  g.fillStyle = COLOURS.success;
  g.beginPath();
  g.arc(centreX, centreY, 44 * easeOut(progress(ms, 5200, 350)), 0, Math.PI * 2);
  g.fill();
  const tick = progress(ms, 5450, 400);
  g.strokeStyle = '#ffffff';
  g.lineWidth = 8;
  g.lineCap = 'round';
  g.beginPath();
  g.moveTo(centreX - 20, centreY);
  g.lineTo(centreX - 20 + 14 * Math.min(1, tick * 2), centreY + 14 * Math.min(1, tick * 2));
  if (tick > 0.5) g.lineTo(centreX - 6 + 28 * (tick - 0.5) * 2, centreY + 14 - 30 * (tick - 0.5) * 2);
  g.stroke();
  g.lineCap = 'butt';
  g.globalAlpha = progress(ms, 5600, 400);
  text(g, 'Payment successful', centreX, centreY + 92, { size: 20, weight: 700, align: 'center' });
  text(g, 'Your photos are ready to download.', centreX, centreY + 118, {
    size: 13,
    colour: COLOURS.muted,
    align: 'center',
  });
  text(g, 'Receipt sent to alex@example.com', centreX, centreY + 138, {
    size: 13,
    colour: COLOURS.muted,
    align: 'center',
  });
  drawButton(g, 'View my photos', LEFT, centreY + 170, INNER_WIDTH, { colour: COLOURS.success });
  g.globalAlpha = 1;
}

/** Payment (8 s): card details typed, Pay pressed, a short wait, then the payment succeeds. */
export const payment: Scene = (g, ms) => {
  drawPhone(g, () => {
    if (ms < 5100) {
      drawCheckout(g, ms);
      if (ms >= 4050) {
        g.strokeStyle = '#ffffff';
        g.lineWidth = 3;
        g.beginPath();
        const spin = ms / 120;
        g.arc(LEFT + 34, SCREEN.y + 472, 9, spin, spin + Math.PI * 1.4);
        g.stroke();
      }
    } else {
      drawPaid(g, ms);
    }
  });
};

export const SCENES = { photosArriving, qrScan, payment } as const;
export type SceneName = keyof typeof SCENES;
