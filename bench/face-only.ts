/**
 * `npx tsx bench/face-only.ts [accuracy] [scale] [selfie]`: only the selfie-search sections of the
 * benchmark (all three without arguments), printed with their summary rows. `selfie` starts a bench
 * stack with the production build (as `npm run bench` does for that section).
 */
import { faceAccuracySection, measureFaceAccuracy } from './face/face-accuracy';
import { faceScaleSection, measureFaceScale } from './face/face-scale';
import { printSections } from './run-alone';
import { SECTIONS } from './sections';
import type { BenchSection } from './summary';

const wanted = process.argv.slice(2);
const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
const sections: BenchSection[] = [];
if (runs('accuracy')) sections.push(faceAccuracySection(await measureFaceAccuracy()));
if (runs('scale')) sections.push(faceScaleSection(measureFaceScale()));
if (runs('selfie')) sections.push(await SECTIONS['face-selfie'].measure());
printSections(sections);
// The stopped stack's last handles (as in the other runners) must not keep the process alive.
process.exit(0);
