/**
 * `npx tsx bench/face-only.ts [accuracy] [scale]`: only the selfie-search sections of the benchmark
 * (both without arguments), printed with their summary rows.
 */
import { faceAccuracySection, measureFaceAccuracy } from './face-accuracy';
import { faceScaleSection, measureFaceScale } from './face-scale';
import { printSections } from './run-alone';
import type { BenchSection } from './summary';

const wanted = process.argv.slice(2);
const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
const sections: BenchSection[] = [];
if (runs('accuracy')) sections.push(faceAccuracySection(await measureFaceAccuracy()));
if (runs('scale')) sections.push(faceScaleSection(measureFaceScale()));
printSections(sections);
