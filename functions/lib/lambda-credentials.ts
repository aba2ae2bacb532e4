/**
 * Stands in the Lambda bundles for the AWS SDK clients' default credential chain
 * (`@aws-sdk/credential-provider-node`, swapped for this file by LAMBDA_ALIASES in
 * infra/constructs/app-function.ts). Lambda hands a function its role's session in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the first place the default chain
 * looks, so the rest of the chain (profiles, SSO, web identity, container and instance metadata, with
 * their STS and SSO clients) never runs there, yet weighs about 105 KB in every bundle and is compiled
 * at each cold start. The SDK's own environment provider is that first link. Tests and tools run from
 * source keep the whole chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The chain's entry point, as the SDK clients call it: the environment's credentials. */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
