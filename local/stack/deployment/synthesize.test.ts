/**
 * A start reuses one synthesis whatever its site's port: the assembly read with the port written in must
 * be the assembly a synthesis with that port writes.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAssembly, type Assembly } from '@shutterlane/aws-standins/cloudformation/assembly';
import { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { LOCAL_ACCOUNT, localDeploySettings } from '../config';
import { deployedRuntimeConfig } from './site-files';
import { synthesizeAssembly, synthesizeLocally } from './synthesize';

const assetHashes = (assembly: Assembly) =>
  new Set([...assembly.stacks.values()].flatMap((stack) => [...stack.assets.keys()]));

/** Each stack's template as JSON text, with the asset hashes found in only one of the two assemblies named alike. */
function templatesApartFromAssets(assembly: Assembly, other: Assembly): Record<string, string> {
  const shared = assetHashes(other);
  const own = [...assetHashes(assembly)].filter((hash) => !shared.has(hash));
  return Object.fromEntries(
    [...assembly.stacks].map(([name, stack]) => [
      name,
      own.reduce((text, hash) => text.replaceAll(hash, '<asset of its own>'), JSON.stringify(stack.template)),
    ]),
  );
}

const runtimeConfigOf = (assembly: Assembly) =>
  deployedRuntimeConfig(new TemplateResolver(assembly, LOCAL_ACCOUNT, () => 'a secret'));

describe('the local synthesis', () => {
  it('gives a start on any port the templates and runtime configuration a synthesis with that port gives', async () => {
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const settings = localDeploySettings({ app: port });
    const reused = await synthesizeLocally(settings);
    const synthesized = readAssembly(await synthesizeAssembly(settings));

    expect(reused.directory).not.toBe(synthesized.directory);
    expect(templatesApartFromAssets(reused, synthesized)).toEqual(
      templatesApartFromAssets(synthesized, reused),
    );
    expect(JSON.stringify([...reused.stacks.values()].map((stack) => stack.template))).toContain(
      `localhost:${port}`,
    );
    expect(runtimeConfigOf(reused)).toEqual(runtimeConfigOf(synthesized));
    expect(JSON.stringify(runtimeConfigOf(reused))).toContain(`http://localhost:${port}`);
  }, 120_000);

  it('synthesizes once for starts on different ports', async () => {
    const first = await synthesizeLocally(localDeploySettings({ app: 41_234 }));
    const cache = path.dirname(first.directory);
    const before = readdirSync(cache).length;
    const second = await synthesizeLocally(localDeploySettings({ app: 52_345 }));

    expect(second.directory).toBe(first.directory);
    expect(readdirSync(cache)).toHaveLength(before);
    const site = second.stacks.get('Shutterlane-Api')!;
    expect(JSON.stringify(site.template)).toContain('localhost:52345');
    expect(JSON.stringify(site.template)).not.toMatch(/localhost:(1|41234)\b/);
  }, 120_000);
});
