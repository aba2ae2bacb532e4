/**
 * Setup file of the integration and end-to-end projects: each test file works as the local operator
 * (an administrator) of the shared stack, so the app's repositories and SDK clients reach its tables,
 * buckets and stand-ins under the names the functions get.
 */
import { localStack } from '@shutterlane/harness/worker-stack';

Object.assign(process.env, localStack().operatorEnv);
