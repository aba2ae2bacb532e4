/**
 * Environment for unit tests of handlers whose SDK clients are mocked: every table named by its
 * logical name (so mocks can match `TableName: 'orders'`), fake credentials, quiet logs, plus the
 * settings a test needs. Set it before importing the handler: configuration is read on first use.
 */
import { TABLES } from '#shared/platform/storage-layout';

export function setUnitTestEnv(settings: Record<string, string> = {}): void {
  const tables = Object.fromEntries(Object.entries(TABLES).map(([name, table]) => [table.envVar, name]));
  Object.assign(
    process.env,
    tables,
    { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', LOG_LEVEL: 'silent' },
    settings,
  );
}
