/**
 * `/runtime-config.json` exactly as the site stack deploys it: the JSON file asset of its bucket
 * deployment with CDK's deploy-time markers replaced by their resolved values, the way the
 * deployment's custom resource does it in AWS.
 */
import path from 'node:path';
import { RUNTIME_CONFIG_DEPLOYMENT_ID, RUNTIME_CONFIG_FILE } from '../../../infra/stacks/site-stack';
import { readAssetText, resourcesOfType } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';

export function deployedRuntimeConfig(resolver: TemplateResolver): Record<string, unknown> {
  const deployment = resourcesOfType(resolver.assembly, 'Custom::CDKBucketDeployment').find(({ logicalId }) =>
    logicalId.startsWith(RUNTIME_CONFIG_DEPLOYMENT_ID),
  );
  if (!deployment) throw new Error(`No ${RUNTIME_CONFIG_DEPLOYMENT_ID} bucket deployment in the templates`);
  const props = deployment.resource.Properties ?? {};
  const [objectKey] = props.SourceObjectKeys as string[];
  const assetDir = resolver.assembly.stacks
    .get(deployment.stack)
    ?.assets.get(String(objectKey).replace(/\.zip$/, ''));
  if (!assetDir) throw new Error(`The ${RUNTIME_CONFIG_FILE} asset is missing from the assembly`);
  const [markers = {}] = resolver.resolve(deployment.stack, props.SourceMarkers ?? [{}]) as Record<
    string,
    string
  >[];
  let text = readAssetText(resolver.assembly, path.join(assetDir, RUNTIME_CONFIG_FILE));
  // jsonEscape: each value goes into a JSON string literal.
  for (const [marker, value] of Object.entries(markers))
    text = text.replaceAll(marker, JSON.stringify(String(value)).slice(1, -1));
  return JSON.parse(text) as Record<string, unknown>;
}
