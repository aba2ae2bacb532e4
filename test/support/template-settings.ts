/**
 * The end-to-end and security stacks sign customers' download URLs for seconds instead of minutes, so a
 * test can see the URLs handed out before a refund stop working (S18, S30, the refunds e2e test) within
 * its time. It is the public-orders function's own template environment that changes, as an operator
 * setting it would; deployments leave it out (functions/lib/env.ts: `customerUrlEnv`).
 */
import type { Assembly } from '../../local/cloudformation/assembly';
import { FUNCTION_METADATA_KEY } from '../../infra/constructs/app-function';

/** Long enough for a page to load and a download to start; the page re-signs at half of it. */
export const TEST_CUSTOMER_URL_TTL_SECONDS = 30;

export function withShortCustomerUrls(assembly: Assembly): void {
  const functions = [...assembly.stacks.values()].flatMap((artifact) =>
    Object.values(artifact.template.Resources).filter(
      (resource) => resource.Metadata?.[FUNCTION_METADATA_KEY] === 'public-orders',
    ),
  );
  if (functions.length !== 1)
    throw new Error(`expected one public-orders function, found ${functions.length}`);
  const environment = functions[0]!.Properties!.Environment as { Variables: Record<string, unknown> };
  environment.Variables.CUSTOMER_URL_TTL_SECONDS = String(TEST_CUSTOMER_URL_TTL_SECONDS);
}
