/**
 * The Face Research Lab London Set (DeBruine & Jones 2017, CC BY 4.0,
 * https://doi.org/10.6084/m9.figshare.5047666.v5) as the face benchmarks read it: from a local mirror
 * of github:debruine/webmorphR.stim (a git directory, read with `git show`), never committed here
 * beyond the few test images in local/stack/seed/faces.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the data set is by default: in the project's git-ignored cache, never committed. */
export const DEFAULT_DATASET_DIR = 'node_modules/.cache/shutterlane-face-dataset';

/**
 * A clone (or bare mirror) of the data set's repository: FACE_DATASET_GIT_DIR (relative to the project,
 * or absolute), DEFAULT_DATASET_DIR unless set.
 */
export const DATASET_GIT_DIR = path.resolve(
  import.meta.dirname,
  '../..',
  process.env.FACE_DATASET_GIT_DIR ?? DEFAULT_DATASET_DIR,
);
export const DATASET_MISSING_CAUSE =
  `data set not present in ${process.env.FACE_DATASET_GIT_DIR ?? DEFAULT_DATASET_DIR}: fetch it with ` +
  `\`git clone --depth 1 https://github.com/debruine/webmorphR.stim ${DEFAULT_DATASET_DIR}\`, or set ` +
  'FACE_DATASET_GIT_DIR to a clone of it (bench/report-format.md, "Selfie search")';

export interface LondonPerson {
  id: string;
  /** Neutral expression, front: the person's selfie (never in a scene). */
  neutral: string;
  /** Smiling, front: what the scenes are made of. */
  smiling: string;
}

export const datasetPresent = () => existsSync(DATASET_GIT_DIR);

const git = async (args: string[], encoding: 'buffer' | 'utf8') =>
  (await run('git', ['-C', DATASET_GIT_DIR, ...args], { encoding, maxBuffer: 64 * 2 ** 20 })).stdout;

/** Everyone with both a neutral and a smiling front image (102 people), in id order. */
export async function londonPeople(): Promise<LondonPerson[]> {
  const listing = (await git(
    ['ls-tree', '--name-only', 'HEAD', 'inst/neutral_front/', 'inst/smiling_front/'],
    'utf8',
  )) as string;
  const files = new Set(listing.split('\n'));
  const ids = [...files]
    .map((file) => /^inst\/neutral_front\/(\d+)_03\.jpg$/.exec(file)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort();
  return ids
    .map((id) => ({
      id,
      neutral: `inst/neutral_front/${id}_03.jpg`,
      smiling: `inst/smiling_front/${id}_08.jpg`,
    }))
    .filter((person) => files.has(person.smiling));
}

export const datasetFile = async (file: string) => (await git(['show', `HEAD:${file}`], 'buffer')) as Buffer;
