/** Every image of the bundled dataset; the NDJSON files reference them by `assetId`. */
import type { Artwork } from './artwork';

const wide = { width: 1200, height: 675 } as const;
const square = { width: 400, height: 400 } as const;

export const ARTWORKS: readonly Artwork[] = [
  { id: 'deliverydayaperture', ...wide, colors: ['#1e3a5f', '#3f7cac', '#f5d491'], motif: 'aperture' },
  { id: 'qrcodehorizon', ...wide, colors: ['#2d1b3d', '#b5446e', '#ffd6a5'], motif: 'horizon' },
  { id: 'pricingframes', ...wide, colors: ['#0f3d3e', '#6aa39b', '#f1f1e6'], motif: 'frames' },
  { id: 'divingblue', ...wide, colors: ['#03256c', '#1768ac', '#8fd6e1'], motif: 'horizon' },
  { id: 'weddingblush', ...wide, colors: ['#5e3c58', '#d98e96', '#fff1e6'], motif: 'aperture' },
  { id: 'nightlifeneon', ...wide, colors: ['#120629', '#5b2a86', '#f72585'], motif: 'frames' },
  { id: 'adventuresummit', ...wide, colors: ['#283618', '#606c38', '#fefae0'], motif: 'horizon' },
  { id: 'teamframes', ...wide, colors: ['#22223b', '#4a4e69', '#f2e9e4'], motif: 'frames' },
  { id: 'payoutcoins', ...wide, colors: ['#0b3d2e', '#2a9d8f', '#e9c46a'], motif: 'aperture' },
  { id: 'payoutflow', ...wide, colors: ['#1d3557', '#457b9d', '#f1faee'], motif: 'frames' },
  { id: 'qualitylayers', ...wide, colors: ['#14213d', '#4d7ea8', '#e5e5e5'], motif: 'frames' },
  { id: 'boatwake', ...wide, colors: ['#005f73', '#0a9396', '#e9d8a6'], motif: 'horizon' },
  { id: 'stagelights', ...wide, colors: ['#1b1b2f', '#3a0ca3', '#ffba08'], motif: 'aperture' },
  { id: 'openlink', ...wide, colors: ['#3c096c', '#7b2cbf', '#e0aaff'], motif: 'aperture' },
  { id: 'authormaya', ...square, colors: ['#3d405b', '#81b29a', '#f4f1de'], motif: 'portrait' },
  { id: 'authortom', ...square, colors: ['#264653', '#e76f51', '#f4a261'], motif: 'portrait' },
];
