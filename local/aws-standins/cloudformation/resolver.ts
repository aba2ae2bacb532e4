/**
 * Resolves the values of synthesized templates as CloudFormation would at deploy time, against the
 * local account: `Ref`, `Fn::GetAtt`, `Fn::Join`, `Fn::Select`, `Fn::Split`, `Fn::Sub`, `Fn::If` and
 * conditions, `Fn::FindInMap`, cross-stack `Fn::ImportValue` (strong references) and
 * `Fn::GetStackOutput` (weak ones), pseudo parameters, and `{{resolve:secretsmanager:...}}` dynamic
 * references (through `secretValue`). Anything it cannot resolve throws, naming the stack and value,
 * as a deployment would fail rather than run with a hole.
 */
import type { Assembly, CfnResource, StackArtifact } from './assembly';
import { physicalAttribute, physicalRef, type LocalAccount, type ResourceRef } from './physical-names';

/** Looks up a secret's local value by the name or ARN a dynamic reference carries. */
export type SecretValueLookup = (secretId: string) => string | undefined;

export class UnresolvableValueError extends Error {}

type Intrinsic = (stack: StackArtifact, argument: unknown) => unknown;

const DYNAMIC_REFERENCE = /\{\{resolve:secretsmanager:(.+?)\}\}/g;

export class TemplateResolver {
  private readonly exports = new Map<string, { stack: string; output: string }>();
  private readonly intrinsics: Record<string, Intrinsic>;

  constructor(
    readonly assembly: Assembly,
    readonly account: LocalAccount,
    private readonly secretValue: SecretValueLookup,
  ) {
    for (const stack of assembly.stacks.values()) {
      for (const [output, { Export }] of Object.entries(stack.template.Outputs ?? {})) {
        if (Export)
          this.exports.set(this.resolveString(stack.name, Export.Name), { stack: stack.name, output });
      }
    }
    this.intrinsics = {
      Ref: (stack, name) => this.ref(stack, String(name)),
      'Fn::GetAtt': (stack, arg) => this.getAtt(stack, arg),
      'Fn::Join': (stack, arg) => {
        const [separator, parts] = arg as [string, unknown[]];
        return this.resolveList(stack, parts).map(String).join(separator);
      },
      'Fn::Select': (stack, arg) => {
        const [index, list] = arg as [unknown, unknown];
        return this.resolveList(stack, list)[Number(this.resolveIn(stack, index))];
      },
      'Fn::Split': (stack, arg) => {
        const [separator, text] = arg as [string, unknown];
        return String(this.resolveIn(stack, text)).split(separator);
      },
      'Fn::Sub': (stack, arg) => this.sub(stack, arg),
      'Fn::If': (stack, arg) => {
        const [condition, whenTrue, whenFalse] = arg as [string, unknown, unknown];
        return this.resolveIn(stack, this.condition(stack, condition) ? whenTrue : whenFalse);
      },
      'Fn::FindInMap': (stack, arg) => {
        const [map, top, second] = this.resolveList(stack, arg).map(String) as [string, string, string];
        return this.resolveIn(stack, stack.template.Mappings?.[map]?.[top]?.[second]);
      },
      'Fn::ImportValue': (stack, name) => this.importValue(this.resolveString(stack.name, name)),
      'Fn::GetStackOutput': (stack, arg) => {
        const { StackName, OutputName } = arg as { StackName: unknown; OutputName: string };
        return this.output(this.resolveString(stack.name, StackName), OutputName);
      },
      'Fn::Base64': (stack, arg) => Buffer.from(String(this.resolveIn(stack, arg))).toString('base64'),
    };
  }

  /** The value fully resolved: strings, numbers, booleans, arrays and plain objects only. */
  resolve(stackName: string, value: unknown): unknown {
    return this.resolveIn(this.stack(stackName), value);
  }

  resolveString(stackName: string, value: unknown): string {
    const resolved = this.resolve(stackName, value);
    if (typeof resolved === 'string' || typeof resolved === 'number' || typeof resolved === 'boolean')
      return String(resolved);
    throw new UnresolvableValueError(`${stackName}: expected a string, got ${JSON.stringify(resolved)}`);
  }

  /** A stack output's value, as `Fn::GetStackOutput` and `Fn::ImportValue` read it. */
  output(stackName: string, outputName: string): string {
    const stack = this.stack(stackName);
    const output = stack.template.Outputs?.[outputName];
    if (!output) throw new UnresolvableValueError(`${stackName} has no output ${outputName}`);
    return this.resolveString(stackName, output.Value);
  }

  resourceRef(stackName: string, logicalId: string): ResourceRef {
    const resource = this.resource(stackName, logicalId);
    return { stack: stackName, logicalId, type: resource.Type, properties: resource.Properties ?? {} };
  }

  resource(stackName: string, logicalId: string): CfnResource {
    const resource = this.stack(stackName).template.Resources[logicalId];
    if (!resource) throw new UnresolvableValueError(`${stackName} has no resource ${logicalId}`);
    return resource;
  }

  /** Physical name (the `Ref` value) of a resource. */
  physicalName(stackName: string, logicalId: string): string {
    return physicalRef(this.resourceRef(stackName, logicalId), this.account);
  }

  private stack(name: string): StackArtifact {
    const stack = this.assembly.stacks.get(name);
    if (!stack) throw new UnresolvableValueError(`No stack named ${name} in the assembly`);
    return stack;
  }

  private resolveIn(stack: StackArtifact, value: unknown): unknown {
    if (typeof value === 'string') return this.dynamicReferences(value);
    if (Array.isArray(value)) return value.map((item) => this.resolveIn(stack, item));
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    const [key, argument] = entries[0] ?? [];
    if (entries.length === 1 && key !== undefined) {
      const intrinsic = this.intrinsics[key];
      if (intrinsic) return this.resolveIn(stack, intrinsic(stack, argument));
      if (key === 'Condition') return this.condition(stack, String(argument));
    }
    return Object.fromEntries(entries.map(([name, item]) => [name, this.resolveIn(stack, item)]));
  }

  private resolveList(stack: StackArtifact, value: unknown): unknown[] {
    const list = this.resolveIn(stack, value);
    if (!Array.isArray(list))
      throw new UnresolvableValueError(`${stack.name}: expected a list, got ${JSON.stringify(list)}`);
    return list;
  }

  private dynamicReferences(text: string): string {
    return text.replace(DYNAMIC_REFERENCE, (reference, spec: string) => {
      // secret-id:SecretString:json-key:version-stage:version-id; an ARN itself contains colons.
      const [secretId, field = 'SecretString', jsonKey = ''] = splitSecretReference(spec);
      const value = secretId && field === 'SecretString' ? this.secretValue(secretId) : undefined;
      if (value === undefined)
        throw new UnresolvableValueError(
          `No local value for the secret in ${reference} (add it to local/stack/config.ts)`,
        );
      if (!jsonKey) return value;
      const parsed = JSON.parse(value) as Record<string, unknown>;
      return String(parsed[jsonKey]);
    });
  }

  private ref(stack: StackArtifact, name: string): string {
    const pseudo = this.pseudoParameter(stack, name);
    if (pseudo !== undefined) return pseudo;
    const parameter = stack.template.Parameters?.[name];
    if (parameter) {
      if (parameter.Default === undefined)
        throw new UnresolvableValueError(`${stack.name}: parameter ${name} has no default`);
      return String(parameter.Default);
    }
    return this.physicalName(stack.name, name);
  }

  private pseudoParameter(stack: StackArtifact, name: string): string | undefined {
    const { region, accountId } = this.account;
    const values: Record<string, string> = {
      'AWS::Region': region,
      'AWS::AccountId': accountId,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': stack.name,
      'AWS::StackId': `arn:aws:cloudformation:${region}:${accountId}:stack/${stack.name}/00000000-0000-4000-8000-000000000000`,
      'AWS::NoValue': '',
    };
    return values[name];
  }

  private getAtt(stack: StackArtifact, argument: unknown): string {
    const [logicalId, attribute] = (typeof argument === 'string' ? argument.split('.') : argument) as [
      string,
      string,
    ];
    const value = physicalAttribute(this.resourceRef(stack.name, logicalId), attribute, this.account);
    if (value === undefined)
      throw new UnresolvableValueError(
        `${stack.name}: cannot resolve Fn::GetAtt ${logicalId}.${attribute} locally`,
      );
    return value;
  }

  private sub(stack: StackArtifact, argument: unknown): string {
    const [text, variables = {}] = (typeof argument === 'string' ? [argument] : argument) as [
      string,
      Record<string, unknown>?,
    ];
    return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
      if (name in variables) return String(this.resolveIn(stack, variables[name]));
      if (name.includes('.')) return this.getAtt(stack, name);
      return this.ref(stack, name);
    });
  }

  private condition(stack: StackArtifact, name: string): boolean {
    const definition = stack.template.Conditions?.[name];
    if (definition === undefined) throw new UnresolvableValueError(`${stack.name}: no condition ${name}`);
    return this.evaluateCondition(stack, definition);
  }

  private evaluateCondition(stack: StackArtifact, definition: unknown): boolean {
    const [[operator, argument]] = Object.entries(definition as Record<string, unknown[]>) as [
      [string, unknown[]],
    ];
    switch (operator) {
      case 'Fn::Equals': {
        const [left, right] = argument.map((value) => JSON.stringify(this.resolveIn(stack, value)));
        return left === right;
      }
      case 'Fn::Not':
        return !this.evaluateCondition(stack, argument[0]);
      case 'Fn::And':
        return argument.every((item) => this.evaluateCondition(stack, item));
      case 'Fn::Or':
        return argument.some((item) => this.evaluateCondition(stack, item));
      case 'Condition':
        return this.condition(stack, String(argument));
      default:
        throw new UnresolvableValueError(`${stack.name}: unknown condition operator ${operator}`);
    }
  }

  private importValue(exportName: string): string {
    const exported = this.exports.get(exportName);
    if (!exported) throw new UnresolvableValueError(`No stack exports ${exportName}`);
    return this.output(exported.stack, exported.output);
  }
}

/** `arn:aws:...:secret:name-AbCdEf:SecretString:key::` → [secret id, field, json key]. */
function splitSecretReference(spec: string): string[] {
  const fieldAt = spec.search(/:(SecretString|SecretBinary)(:|$)/);
  if (fieldAt < 0) return [spec];
  return [spec.slice(0, fieldAt), ...spec.slice(fieldAt + 1).split(':')];
}
