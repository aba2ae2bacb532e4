import { describe, expect, it } from 'vitest';
import { listedFiles, unlistedFiles } from './functions-lib';

const README = [
  '# lib',
  'Prose naming `not-a-module.ts` outside a list item.',
  '- `dynamo.ts`: the DynamoDB client (see `storage-layout.ts`).',
  '- `client-ip.test.ts`, `request-body.test.ts`: parts of `http.ts`.',
  '- `testing/unit-env.ts`: the unit tests environment.',
].join('\n');

describe('the functions/lib contents check', () => {
  it('reads the names at the start of list items only', () => {
    expect([...listedFiles(README)].sort()).toEqual(
      ['README.md', 'client-ip.test.ts', 'dynamo.ts', 'request-body.test.ts', 'testing/unit-env.ts'].sort(),
    );
  });

  it('accepts listed modules, their unit tests and listed tests', () => {
    expect(
      unlistedFiles(README, [
        'README.md',
        'dynamo.ts',
        'dynamo.test.ts',
        'client-ip.test.ts',
        'testing/unit-env.ts',
      ]),
    ).toEqual([]);
  });

  it('refuses any other file, the names the prose mentions included', () => {
    expect(
      unlistedFiles(README, [
        'dynamo.ts',
        'order-rules.ts',
        'not-a-module.ts',
        'storage-layout.ts',
        'http.test.ts',
      ]),
    ).toEqual(['order-rules.ts', 'not-a-module.ts', 'storage-layout.ts', 'http.test.ts']);
  });
});
