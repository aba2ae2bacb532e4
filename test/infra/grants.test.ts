/**
 * Least privilege, checked against the code: for each function, the IAM actions its role's policies
 * grant in the synthesized templates equal the actions the AWS calls of its bundle need (sdk-calls.ts),
 * apart from what the Lambda service itself does with the role (PLATFORM_ACTIONS). An extra grant or a
 * missing one fails, naming the function and the actions.
 *
 * Compared per function and action, not per resource: which table or bucket a call names is decided at
 * run time, so the resources stay FUNCTION_ACCESS's (tables, buckets, queues, secrets by name).
 */
import type { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_METADATA_KEY } from '../../infra/constructs/app-function';
import type { FunctionName } from '../../infra/constructs/function-access';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import {
  REQUIRED_FUNCTIONS,
  mentions,
  synthesize,
  SYNTH_TIMEOUT_MS,
  templateOf,
  type CfnResource as Resource,
  type PolicyStatement as Statement,
} from './fixture';
import { actionsOfBundle, bundleTexts } from './sdk-calls';

/** Bundling every function (esbuild, no install) takes seconds each on a small machine. */
const BUNDLE_TIMEOUT_MS = 240_000;

/**
 * Actions the Lambda service takes with a function's role, not its code: X-Ray segments of active
 * tracing (every function), an SQS event source's poller (a queue's consumer), and an asynchronous
 * invocation's on-failure destination (resize's record of a failed resize).
 */
const PLATFORM_ACTIONS = {
  tracing: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
  eventSource: [
    'sqs:ReceiveMessage',
    'sqs:ChangeMessageVisibility',
    'sqs:GetQueueUrl',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
  ],
  onFailureQueue: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
};

interface DeployedFunction {
  name: FunctionName;
  /** Every action its role's policies allow. */
  granted: Set<string>;
  /** Of those, what the Lambda service uses the role for. */
  platform: Set<string>;
}

function resourcesIn(stack: Stack): Record<string, Resource> {
  return (templateOf(stack).toJSON().Resources ?? {}) as Record<string, Resource>;
}

function platformActionsOf(resources: Record<string, Resource>, functionId: string): Set<string> {
  const about = (type: string) =>
    Object.values(resources).some(
      (resource) => resource.Type === type && mentions(resource.Properties?.FunctionName, functionId),
    );
  const onFailure = Object.values(resources).some(
    (resource) =>
      resource.Type === 'AWS::Lambda::EventInvokeConfig' &&
      mentions(resource.Properties?.FunctionName, functionId) &&
      mentions(resource.Properties?.DestinationConfig, 'OnFailure'),
  );
  return new Set([
    ...PLATFORM_ACTIONS.tracing,
    ...(about('AWS::Lambda::EventSourceMapping') ? PLATFORM_ACTIONS.eventSource : []),
    ...(onFailure ? PLATFORM_ACTIONS.onFailureQueue : []),
  ]);
}

/** The app's functions in a stack (by their template metadata), with what their roles are granted. */
function deployedFunctions(stack: Stack): DeployedFunction[] {
  const resources = resourcesIn(stack);
  return Object.entries(resources)
    .filter(
      ([, resource]) =>
        resource.Type === 'AWS::Lambda::Function' && resource.Metadata?.[FUNCTION_METADATA_KEY],
    )
    .map(([functionId, resource]) => {
      const roleId = (resource.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = Object.values(resources)
        .filter((policy) => policy.Type === 'AWS::IAM::Policy' && mentions(policy.Properties?.Roles, roleId))
        .flatMap((policy) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
      for (const statement of statements) expect(statement.Effect).toBe('Allow');
      return {
        name: resource.Metadata![FUNCTION_METADATA_KEY] as FunctionName,
        granted: new Set(statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))),
        platform: platformActionsOf(resources, functionId),
      };
    });
}

let stacks: ShutterlaneStacks;
let functions: DeployedFunction[];
beforeAll(() => {
  stacks = synthesize({ functions: [...REQUIRED_FUNCTIONS, 'auth-triggers'] });
  functions = [stacks.api, stacks.media, stacks.auth].flatMap(deployedFunctions);
}, SYNTH_TIMEOUT_MS);

describe("each function's grants against its code's calls", () => {
  it('finds every function of the app in the templates', () => {
    expect(functions.map((fn) => fn.name).sort()).toEqual([...REQUIRED_FUNCTIONS, 'auth-triggers'].sort());
  });

  it(
    'grants each function exactly the actions its bundle can call, no more and none missing',
    () => {
      const mismatches = functions.flatMap(({ name, granted, platform }) => {
        const code = actionsOfBundle(bundleTexts(name));
        expect(code.unmapped, `${name}: SDK commands without an IAM mapping (sdk-calls.ts)`).toEqual([]);
        // A wildcard grant would hide an extra: none is made.
        expect(
          [...granted].filter((action) => action.includes('*')),
          name,
        ).toEqual([]);
        const extra = [...granted].filter((action) => !code.actions.has(action) && !platform.has(action));
        const missing = [...code.actions].filter((action) => !granted.has(action));
        return extra.length + missing.length === 0
          ? []
          : [{ name, extra: extra.sort(), missing: missing.sort() }];
      });
      expect(mismatches).toEqual([]);
    },
    BUNDLE_TIMEOUT_MS,
  );
});
