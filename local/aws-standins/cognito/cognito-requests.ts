/** Reading a Cognito JSON API request: its shape, and the parameters an operation requires. */
import * as z from 'zod/mini';
import { InvalidParameterError } from 'cognito-local/lib/errors.js';

/** The request as `schema` says, or Cognito's InvalidParameterException. */
export function parseRequest<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidParameterError(`Invalid request: ${result.error.message}`);
  return result.data;
}

/** AuthParameters and ChallengeResponses: string to string. */
export const Parameters = z.record(z.string(), z.string());

/** The named parameters, each present and non-empty, as Cognito requires them. */
export function requiredParameters<const Name extends string>(
  parameters: Record<string, string> | undefined,
  names: readonly Name[],
): Record<Name, string> {
  const found = {} as Record<Name, string>;
  for (const name of names) {
    const value = parameters?.[name];
    if (!value) throw new InvalidParameterError(`Missing required parameter ${name}`);
    found[name] = value;
  }
  return found;
}
