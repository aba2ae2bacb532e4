/**
 * Stands in the Lambda bundles for the AWS SDK clients' default credential chain
 * (`@aws-sdk/credential-provider-node`, swapped for this file by LAMBDA_ALIASES in
 * infra/constructs/app-function.ts). Lambda hands a function its role's session in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the first place the default chain
 * looks, so the rest of the chain (profiles, SSO, web identity, container and instance metadata, with
 * their STS and SSO clients) never runs there, yet weighs about 105 KB in every bundle and is compiled
 * at each cold start. Tests and tools run from source keep the whole chain.
 */

export interface EnvironmentCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** The chain's entry point, as the SDK clients call it: a provider of the environment's credentials. */
export function defaultProvider(): () => Promise<EnvironmentCredentials> {
  return () => {
    const env = process.env;
    const accessKeyId = env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey)
      return Promise.reject(
        new Error('No AWS credentials in the environment (Lambda sets the role session there)'),
      );
    return Promise.resolve({
      accessKeyId,
      secretAccessKey,
      ...(env.AWS_SESSION_TOKEN && { sessionToken: env.AWS_SESSION_TOKEN }),
      ...(env.AWS_CREDENTIAL_EXPIRATION && { expiration: new Date(env.AWS_CREDENTIAL_EXPIRATION) }),
    });
  };
}
