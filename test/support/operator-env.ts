/**
 * Setup file of the integration and end-to-end projects: each test file waits for its worker's stack
 * (the stacks start one after another), then works as the local operator (an administrator) of it, so
 * the app's repositories and SDK clients reach its tables, buckets and stand-ins under the names the
 * functions get.
 */
import { awaitLocalStack } from '@shutterlane/harness/worker-stack';

Object.assign(process.env, (await awaitLocalStack()).operatorEnv);
