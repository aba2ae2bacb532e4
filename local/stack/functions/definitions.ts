/**
 * Each app function as the synthesized templates deploy it: its code (found by the metadata
 * AppFunction writes), handler, timeout, memory, environment (references resolved to local values)
 * and its execution role's identity policies. Nothing here comes from the app's source: what the
 * template does not give a function, the function does not get.
 */
import { FUNCTION_METADATA_KEY, repoEntry } from '../../../infra/constructs/app-function';
import type { FunctionName } from '../../../infra/constructs/function-access';
import { resourcesOfType, type CfnResource } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { PolicyStatement } from '@shutterlane/aws-standins/iam/types';

export interface LocalFunctionDef {
  /** The app's name for it (`public-orders`), from the template metadata. */
  name: FunctionName;
  stack: string;
  logicalId: string;
  /** Physical name and ARN, as other resources reference it. */
  functionName: string;
  arn: string;
  /** Source entry the CDK bundles, and the export the template's Handler names. */
  entry: string;
  handlerExport: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Executions reserved for it (ReservedConcurrentExecutions): Lambda runs that many at most, at once. */
  reservedConcurrency?: number;
  environment: Record<string, string>;
  role: { name: string; arn: string; statements: PolicyStatement[] };
}

/** Lambda's defaults when a template leaves them out. */
const DEFAULT_TIMEOUT_SECONDS = 3;
const DEFAULT_MEMORY_MB = 128;

interface PolicyDocument {
  Statement?: PolicyStatement | PolicyStatement[];
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** `{ Fn::GetAtt: [RoleId, 'Arn'] }` → RoleId. */
function roleLogicalId(fn: CfnResource): string {
  const role = fn.Properties?.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
  const logicalId = role?.['Fn::GetAtt']?.[0];
  if (!logicalId)
    throw new Error('A local function needs a role from the same stack (Fn::GetAtt [Role, Arn])');
  return logicalId;
}

const mentionsRole = (roles: unknown, roleId: string) =>
  asList(roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId }));

/** The role's inline policies and every AWS::IAM::Policy attached to it, resolved. */
function roleStatements(resolver: TemplateResolver, stack: string, roleId: string): PolicyStatement[] {
  const role = resolver.resource(stack, roleId);
  const inline = asList(role.Properties?.Policies as { PolicyDocument: PolicyDocument }[] | undefined).map(
    (policy) => policy.PolicyDocument,
  );
  const attached = resourcesOfType(resolver.assembly, 'AWS::IAM::Policy')
    .filter(({ resource }) => mentionsRole(resource.Properties?.Roles, roleId))
    .map(({ stack: policyStack, resource }) => ({
      policyStack,
      document: resource.Properties?.PolicyDocument,
    }));
  return [
    ...inline.flatMap((document) => asList((resolver.resolve(stack, document) as PolicyDocument).Statement)),
    ...attached.flatMap(({ policyStack, document }) =>
      asList((resolver.resolve(policyStack, document) as PolicyDocument).Statement),
    ),
  ];
}

function environmentOf(resolver: TemplateResolver, stack: string, fn: CfnResource): Record<string, string> {
  const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
    ?.Variables;
  return Object.fromEntries(
    Object.entries(variables ?? {}).map(([name, value]) => [name, resolver.resolveString(stack, value)]),
  );
}

export function functionDefinitions(resolver: TemplateResolver): LocalFunctionDef[] {
  return resourcesOfType(resolver.assembly, 'AWS::Lambda::Function')
    .filter(({ resource }) => typeof resource.Metadata?.[FUNCTION_METADATA_KEY] === 'string')
    .map(({ stack, logicalId, resource }) => {
      const name = resource.Metadata![FUNCTION_METADATA_KEY] as FunctionName;
      const roleId = roleLogicalId(resource);
      const handler = String(resource.Properties?.Handler ?? 'index.handler');
      return {
        name,
        stack,
        logicalId,
        functionName: resolver.physicalName(stack, logicalId),
        arn: resolver.resolveString(stack, { 'Fn::GetAtt': [logicalId, 'Arn'] }),
        entry: repoEntry(name),
        handlerExport: handler.slice(handler.lastIndexOf('.') + 1),
        timeoutSeconds: Number(resource.Properties?.Timeout ?? DEFAULT_TIMEOUT_SECONDS),
        memoryMb: Number(resource.Properties?.MemorySize ?? DEFAULT_MEMORY_MB),
        ...(resource.Properties?.ReservedConcurrentExecutions !== undefined && {
          reservedConcurrency: Number(resource.Properties.ReservedConcurrentExecutions),
        }),
        environment: environmentOf(resolver, stack, resource),
        role: {
          name: resolver.physicalName(stack, roleId),
          arn: resolver.resolveString(stack, { 'Fn::GetAtt': [roleId, 'Arn'] }),
          statements: roleStatements(resolver, stack, roleId),
        },
      };
    });
}

/** The function a template value (an ARN, often `Fn::GetAtt [Fn, Arn]`) points at. */
export function functionByArn(definitions: LocalFunctionDef[], arn: string): LocalFunctionDef {
  const found = definitions.find((definition) => definition.arn === arn);
  if (!found) throw new Error(`No app function has the ARN ${arn}`);
  return found;
}
