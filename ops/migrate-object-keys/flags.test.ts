import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli';
import { parseMigrationFlags } from './flags';

const names = ['--originals-bucket', 'o', '--derived-bucket', 'd', '--photos-table', 'p'];

describe('migrate:object-keys flags', () => {
  it('uses the local stack without names, and a deployment with all three', () => {
    expect(parseMigrationFlags([])).toEqual({ dryRun: false });
    expect(parseMigrationFlags(['--dry-run', ...names])).toEqual({
      dryRun: true,
      storage: { originalsBucket: 'o', derivedBucket: 'd', photosTable: 'p' },
    });
  });

  it('answers help with undefined (the usage is printed)', () => {
    expect(parseMigrationFlags(['--help'])).toBeUndefined();
  });

  it('refuses some names without the others, empty names and unknown flags', () => {
    expect(() => parseMigrationFlags(['--originals-bucket', 'o'])).toThrow(
      /missing --derived-bucket, --photos-table/,
    );
    expect(() => parseMigrationFlags([...names.slice(0, 5), ''])).toThrow(UsageError);
    expect(() => parseMigrationFlags(['--bucket', 'x'])).toThrow(UsageError);
    expect(() => parseMigrationFlags(['extra'])).toThrow(UsageError);
  });
});
