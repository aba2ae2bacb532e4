/**
 * The synthesized cloud assembly as the local stack reads it: each stack's CloudFormation template
 * and file assets, by stack name. Only what a deployment would also see: the JSON in `cdk.out`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
  DependsOn?: string | string[];
  Condition?: string;
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
  Conditions?: Record<string, unknown>;
  Mappings?: Record<string, Record<string, Record<string, unknown>>>;
  Parameters?: Record<string, { Type: string; Default?: unknown }>;
}

interface AssetManifest {
  files?: Record<string, { source: { path: string; packaging?: string } }>;
}

export interface StackArtifact {
  name: string;
  template: CfnTemplate;
  /** File assets by hash: the folder or file in the assembly directory. */
  assets: Map<string, string>;
}

export interface Assembly {
  directory: string;
  stacks: Map<string, StackArtifact>;
  /**
   * A rewrite of the assembly's text as it is read (`readAssembly`'s): applied to the templates already,
   * and to a file asset read with `readAssetText`.
   */
  rewrite?: (text: string) => string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const readText = (file: string, rewrite?: (text: string) => string): string => {
  const text = readFileSync(file, 'utf8');
  return rewrite ? rewrite(text) : text;
};

function readAssets(directory: string, stackName: string): Map<string, string> {
  let manifest: AssetManifest;
  try {
    manifest = readJson<AssetManifest>(path.join(directory, `${stackName}.assets.json`));
  } catch {
    return new Map();
  }
  return new Map(
    Object.entries(manifest.files ?? {}).map(([hash, file]) => [
      hash,
      path.join(directory, file.source.path),
    ]),
  );
}

/** Reads every `<stack>.template.json` of an assembly directory, each text through `rewrite` if given. */
export function readAssembly(directory: string, rewrite?: (text: string) => string): Assembly {
  const stacks = new Map<string, StackArtifact>();
  for (const file of readdirSync(directory)) {
    const match = /^(.+)\.template\.json$/.exec(file);
    if (!match?.[1]) continue;
    const name = match[1];
    stacks.set(name, {
      name,
      template: JSON.parse(readText(path.join(directory, file), rewrite)) as CfnTemplate,
      assets: readAssets(directory, name),
    });
  }
  return { directory, stacks, ...(rewrite && { rewrite }) };
}

/** A file asset's text (a path from a stack's `assets`), as the assembly was read: with its rewrite. */
export const readAssetText = (assembly: Assembly, file: string): string => readText(file, assembly.rewrite);

/** Every resource of a type across the assembly, with its stack and logical id. */
export function resourcesOfType(
  assembly: Assembly,
  type: string,
): { stack: string; logicalId: string; resource: CfnResource }[] {
  return [...assembly.stacks.values()].flatMap((stack) =>
    Object.entries(stack.template.Resources)
      .filter(([, resource]) => resource.Type === type)
      .map(([logicalId, resource]) => ({ stack: stack.name, logicalId, resource })),
  );
}
