/**
 * The origin-verify header's name and the variable naming its secret: shared by the CDK app (CloudFront's
 * origin header, the functions' environment), the functions' check and the local edge. Imports nothing,
 * so the CDK app can read it without loading the functions' code.
 */

/** The custom header CloudFront adds to every request it sends the API (lower case: as API Gateway passes it). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The environment variable that names (never holds) the secret the header carries. */
export const ORIGIN_VERIFY_SECRET_VARIABLE = 'ORIGIN_VERIFY_SECRET_ID';
