/**
 * The origin-verify secret of handler unit tests: the variable naming it, the value the mocked Secrets
 * Manager holds, and the header CloudFront would add. Every API handler refuses a request without it.
 */
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_VARIABLE } from '#shared/platform/origin-verify-header';

const SECRET_ID = 'shutterlane/origin-verify';
const VALUE = 'unit-test-origin-verify-value-0123456789';

export const UNIT_ORIGIN = {
  secretId: SECRET_ID,
  value: VALUE,
  /** For setUnitTestEnv. */
  env: { [ORIGIN_VERIFY_SECRET_VARIABLE]: SECRET_ID },
  /** The header as CloudFront sends it. */
  headers: { [ORIGIN_VERIFY_HEADER]: VALUE },
} as const;
