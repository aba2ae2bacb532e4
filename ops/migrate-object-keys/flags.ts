/** The command line of `npm run migrate:object-keys`. */
import { parseArgs } from 'node:util';
import { UsageError } from '../cli';

/** A deployment's physical names (CloudFormation makes them); locally the running stack's are used. */
export interface StorageNames {
  originalsBucket: string;
  derivedBucket: string;
  photosTable: string;
}

export interface MigrationFlags {
  /** Print what would move without changing anything. */
  dryRun: boolean;
  /** Undefined: the local stack that `npm start` is running. */
  storage?: StorageNames;
}

export const USAGE = `Usage: npm run migrate:object-keys -- [--dry-run] [--originals-bucket <name> --derived-bucket <name> --photos-table <name>]

Moves photos stored under the earlier object keys, which named the seller ({sellerId}/{galleryId}/{photoId},
thumbnails/{sellerId}/..., optimized/{sellerId}/...), to the current keys (photos/{galleryId}/{photoId},
thumbnails/{galleryId}/{photoId}.jpg, optimized/{galleryId}/{photoId}.jpg). An object moves only when its
photo record belongs to the seller its key names; the others are listed and left where they are. Safe to run
again: a second run finds nothing to move. --dry-run prints what would move and changes nothing.

Against a deployment, pass the names of the Shutterlane-Data stack's two buckets and photos table, with your
AWS credentials and region in the environment. Without them, the local stack started by \`npm start\` is used.`;

const NAME_FLAGS = ['originals-bucket', 'derived-bucket', 'photos-table'] as const;

/** Undefined when help was asked for. */
export function parseMigrationFlags(argv: readonly string[]): MigrationFlags | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'dry-run': { type: 'boolean', default: false },
        'originals-bucket': { type: 'string' },
        'derived-bucket': { type: 'string' },
        'photos-table': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return undefined;
  const given = NAME_FLAGS.filter((flag) => values[flag] !== undefined);
  if (given.some((flag) => values[flag] === '')) throw new UsageError('A bucket or table name is empty');
  if (given.length === 0) return { dryRun: values['dry-run'] };
  if (given.length < NAME_FLAGS.length) {
    const missing = NAME_FLAGS.filter((flag) => values[flag] === undefined).map((flag) => `--${flag}`);
    throw new UsageError(`A deployment needs all three names: missing ${missing.join(', ')}`);
  }
  return {
    dryRun: values['dry-run'],
    storage: {
      originalsBucket: values['originals-bucket']!,
      derivedBucket: values['derived-bucket']!,
      photosTable: values['photos-table']!,
    },
  };
}
