/**
 * Demo photos made on the spot with sharp: scenes of sky, sea and hills in different light, each
 * with its number, so the seeded gallery looks like photos rather than blank tiles.
 */
import sharp from 'sharp';

const SCENES = [
  { name: 'Harbour dawn', sky: ['#ffb88c', '#de6262'], sea: '#2c3e50', sun: '#fff3b0' },
  { name: 'Blue hour', sky: ['#0f2027', '#2c5364'], sea: '#203a43', sun: '#e0eafc' },
  { name: 'Boat tour', sky: ['#56ccf2', '#2f80ed'], sea: '#1e3c72', sun: '#ffffff' },
  { name: 'Reef dive', sky: ['#43cea2', '#185a9d'], sea: '#0b3d59', sun: '#b2fefa' },
  { name: 'Summit', sky: ['#e0c3fc', '#8ec5fc'], sea: '#4b6cb7', sun: '#fffde4' },
  { name: 'Festival night', sky: ['#200122', '#6f0000'], sea: '#1a0b2e', sun: '#ffd200' },
  { name: 'Garden wedding', sky: ['#fbd3e9', '#bb377d'], sea: '#2d6a4f', sun: '#fff0f5' },
  { name: 'Beach sunset', sky: ['#f12711', '#f5af19'], sea: '#3a1c71', sun: '#ffe259' },
  { name: 'Canyon ride', sky: ['#ee9ca7', '#ffdde1'], sea: '#7b4397', sun: '#fff' },
  { name: 'Glacier', sky: ['#c9d6ff', '#e2e2e2'], sea: '#5f9ea0', sun: '#ffffff' },
  { name: 'City lights', sky: ['#141e30', '#243b55'], sea: '#0f0c29', sun: '#f9d423' },
  { name: 'Conference', sky: ['#bdc3c7', '#2c3e50'], sea: '#34495e', sun: '#ecf0f1' },
] as const;

export const DEMO_PHOTO_COUNT = SCENES.length;

function sceneSvg(index: number, width: number, height: number): string {
  const scene = SCENES[index % SCENES.length]!;
  const horizon = Math.round(height * (0.55 + (index % 3) * 0.05));
  const sunX = Math.round(width * (0.2 + ((index * 37) % 60) / 100));
  const hills = Array.from({ length: 5 }, (_, i) => {
    const x = (i * width) / 4;
    return `${x},${horizon - ((i * 53 + index * 29) % 120)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${horizon - height * 0.18}" r="${height * 0.09}" fill="${scene.sun}" opacity="0.9"/>
  <polygon points="0,${horizon} ${hills} ${width},${horizon}" fill="${scene.sea}" opacity="0.55"/>
  <rect y="${horizon}" width="100%" height="${height - horizon}" fill="${scene.sea}"/>
  <text x="${width * 0.05}" y="${height * 0.92}" font-family="sans-serif" font-size="${height * 0.06}" fill="#fff" opacity="0.85">${scene.name} · ${index + 1}</text>
</svg>`;
}

/** A JPEG of about camera proportions: landscape mostly, every third one portrait. */
export async function demoPhoto(index: number): Promise<Buffer> {
  const portrait = index % 3 === 2;
  const [width, height] = portrait ? [1200, 1800] : [1800, 1200];
  return sharp(Buffer.from(sceneSvg(index, width, height)))
    .jpeg({ quality: 85 })
    .toBuffer();
}
