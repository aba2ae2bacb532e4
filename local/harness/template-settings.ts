/**
 * Function settings the local test stacks change in the synthesized templates, as an operator setting a
 * function's environment would; deployments leave them out and the defaults hold (functions/lib/env.ts).
 *
 * - The end-to-end and security stacks sign customers' download URLs for seconds instead of minutes, so
 *   a test can see the URLs handed out before a refund stop working (S18, S30, the refunds e2e test)
 *   within its time (`customerUrlEnv`).
 * - Every suite stack reads the seller's brand afresh on each customer view (`sellerBrandEnv`), so a test
 *   that changes a business name or logo sees it at once; the cache is unit-tested.
 * - Every suite stack walks a gallery's photos a few at a time (`photoWalkEnv`), so a gallery of a few
 *   photos takes several steps of the walk, as a gallery of thousands does with the default page.
 */
import type { Assembly } from '@shutterlane/aws-standins/cloudformation/assembly';
import { FUNCTION_METADATA_KEY } from '../../infra/constructs/app-function';
import type { FunctionName } from '../../infra/constructs/function-access';

/** Long enough for a page to load and a download to start; the page re-signs at half of it. */
export const TEST_CUSTOMER_URL_TTL_SECONDS = 30;

/** READY photos a step of a photo walk reads in the suite stacks. */
export const TEST_PHOTO_WALK_PAGE_SIZE = 3;

/** Sets `variables` in the environment of the function named `name` (its construct's metadata). */
export function setFunctionEnvironment(
  assembly: Assembly,
  name: FunctionName,
  variables: Record<string, string>,
): void {
  const functions = [...assembly.stacks.values()].flatMap((artifact) =>
    Object.values(artifact.template.Resources).filter(
      (resource) => resource.Metadata?.[FUNCTION_METADATA_KEY] === name,
    ),
  );
  if (functions.length !== 1) throw new Error(`expected one ${name} function, found ${functions.length}`);
  const environment = functions[0]!.Properties!.Environment as { Variables: Record<string, unknown> };
  Object.assign(environment.Variables, variables);
}

export function withShortCustomerUrls(assembly: Assembly): void {
  setFunctionEnvironment(assembly, 'public-orders', {
    CUSTOMER_URL_TTL_SECONDS: String(TEST_CUSTOMER_URL_TTL_SECONDS),
  });
}

/** The functions that show customers the seller's brand. */
const BRAND_FUNCTIONS: FunctionName[] = ['public-orders', 'public-galleries'];

export function withFreshSellerBrands(assembly: Assembly): void {
  for (const name of BRAND_FUNCTIONS)
    setFunctionEnvironment(assembly, name, { SELLER_BRAND_CACHE_SECONDS: '0' });
}

/** The faces function walks a gallery's photos TEST_PHOTO_WALK_PAGE_SIZE at a time. */
export function withSmallPhotoWalkPages(assembly: Assembly): void {
  setFunctionEnvironment(assembly, 'faces', { PHOTO_WALK_PAGE_SIZE: String(TEST_PHOTO_WALK_PAGE_SIZE) });
}
