import { startBenchStack } from './bench/bench-stack';
import { measureGridPoll, gridPollSection } from './bench/grid-poll';
import { listGalleries } from './functions/lib/repositories/galleries';
import { listGalleryPhotos } from './functions/lib/repositories/photos';

const env = await startBenchStack({ web: true, webServer: 'preview' });
const seen = { processing: new Map<string, number>(), thumb: new Map<string, number>(), ready: new Map<string, number>(), uploading: new Map<string, number>() };
let stop = false;
const poller = (async () => {
  while (!stop) {
    try {
      const { galleries } = await listGalleries(env.seed.sellerId, 50, undefined);
      const g = galleries.find((x) => x.albumName.startsWith('Grid poll'));
      if (g) {
        const t = Date.now();
        for (const p of await listGalleryPhotos(g.galleryId)) {
          if (!seen.uploading.has(p.photoId)) seen.uploading.set(p.photoId, t);
          if (p.status !== 'UPLOADING' && !seen.processing.has(p.photoId)) seen.processing.set(p.photoId, t);
          if ((p.thumbnailAt || p.status === 'READY') && !seen.thumb.has(p.photoId)) seen.thumb.set(p.photoId, t);
          if (p.status === 'READY' && !seen.ready.has(p.photoId)) seen.ready.set(p.photoId, t);
        }
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
})();
try {
  const result = await measureGridPoll(env);
  stop = true; await poller;
  const section = gridPollSection(result);
  console.log(section.lines.join('\n'));
  const ids = [...seen.uploading.keys()];
  const med = (xs: number[]) => { const s = xs.filter(Number.isFinite).sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  console.log('listed→processing median', med(ids.map((id) => seen.processing.get(id)! - seen.uploading.get(id)!)));
  console.log('processing→thumb median', med(ids.map((id) => seen.thumb.get(id)! - seen.processing.get(id)!)));
  console.log('thumb→ready median', med(ids.map((id) => seen.ready.get(id)! - seen.thumb.get(id)!)));
  const t0 = Math.min(...seen.uploading.values());
  console.log('per photo (listed/processing/thumb/ready rel. to first listed):');
  console.log(ids.map((id) => `${seen.uploading.get(id)! - t0}/${seen.processing.get(id)! - t0}/${seen.thumb.get(id)! - t0}/${seen.ready.get(id)! - t0}`).join(' '));
} finally { stop = true; await env.stop(); }
